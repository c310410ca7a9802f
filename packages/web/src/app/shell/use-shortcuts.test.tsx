import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { useShortcuts } from './use-shortcuts';

let opened = 0;

function Page() {
  useShortcuts(() => (opened += 1));
  return (
    <>
      <input aria-label="Other field" />
      <div data-search>
        <input aria-label="Search" />
      </div>
    </>
  );
}

afterEach(() => {
  cleanup();
  opened = 0;
});

it("'/' focuses the input marked data-search, but not while typing in a field", () => {
  render(<Page />);
  fireEvent.keyDown(document.body, { key: '/' });
  expect(document.activeElement).toBe(screen.getByLabelText('Search'));

  const other = screen.getByLabelText('Other field');
  other.focus();
  fireEvent.keyDown(other, { key: '/' });
  expect(document.activeElement).toBe(other);
});

it('Ctrl-K and Cmd-K open the command palette', () => {
  render(<Page />);
  fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
  fireEvent.keyDown(document.body, { key: 'K', metaKey: true });
  fireEvent.keyDown(document.body, { key: 'k' });
  expect(opened).toBe(2);
});
