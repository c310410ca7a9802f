import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ShowMoreList } from './show-more-list';
import { SidebarColumnsContext } from './sidebar-columns';

const items = Array.from({ length: 12 }, (_, i) => `item ${i + 1}`);

function list(columns: 1 | 2, limit?: number) {
  return (
    <SidebarColumnsContext.Provider value={columns}>
      <ShowMoreList items={items} keyOf={(i) => i} render={(i) => <span>{i}</span>} limit={limit} />
    </SidebarColumnsContext.Provider>
  );
}

afterEach(cleanup);

describe('ShowMoreList', () => {
  it('shows 10 items in one column, then the rest on show more', async () => {
    render(list(1));
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'show more (2)' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'show less' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });

  it('shows 5 items in two-column mode, laid out in two columns', () => {
    render(list(2));
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('list').className).toContain('grid-cols-2');
    expect(screen.getByRole('button', { name: 'show more (7)' })).toBeTruthy();
  });

  it("keeps an explicit limit (the property list's 6) in either mode", () => {
    render(list(2, 6));
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });
});
