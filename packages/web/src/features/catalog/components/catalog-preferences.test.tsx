import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HIDE_DELETED_CATALOG_KEY, useHideDeletedCatalog } from '../lib/use-hide-deleted';
import { PreferencesMenu } from './catalog-preferences';

function Reader() {
  const [hide] = useHideDeletedCatalog();
  return <output aria-label="hide deleted">{String(hide)}</output>;
}

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("'Hide Deleted Catalog' preference", () => {
  it('defaults to yes, and the toggle stores no / yes for every reader', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PreferencesMenu toggles={[{ storageKey: HIDE_DELETED_CATALOG_KEY, label: 'Hide Deleted Catalog' }]} />
        <Reader />
      </>,
    );
    expect(screen.getByLabelText('hide deleted').textContent).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    const toggle = screen.getByRole('switch', { name: 'Hide Deleted Catalog' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(window.localStorage.getItem(HIDE_DELETED_CATALOG_KEY)).toBe('no');
    expect(screen.getByLabelText('hide deleted').textContent).toBe('false');
    fireEvent.click(toggle);
    expect(window.localStorage.getItem(HIDE_DELETED_CATALOG_KEY)).toBe('yes');
  });
});
