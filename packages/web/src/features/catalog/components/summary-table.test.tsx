import type { CatalogSummaryRow } from '@ops/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SummaryTable } from './summary-table';

function row(type: string, cls: string, count: number, health: Partial<CatalogSummaryRow['health']>, changes = 0): CatalogSummaryRow {
  return {
    group: { config_class: cls, type },
    type,
    count,
    deleted: 0,
    health: { healthy: 0, unhealthy: 0, warning: 0, unknown: 0, ...health },
    status: {},
    analysis: {},
    changes,
    cost_per_minute: 0,
    cost_total_30d: 0,
    last_scraped_time: null,
  };
}

const ROWS = [
  row('Kubernetes::Pod', 'Pod', 1500, { healthy: 1400, unhealthy: 100 }, 800),
  row('Kubernetes::Node', 'Node', 3, { warning: 3 }),
];

function renderTable(onRowClick: (r: CatalogSummaryRow) => void = () => undefined) {
  const router = createMemoryRouter([
    { path: '/', element: <SummaryTable rows={ROWS} groupBy={['config_class', 'type']} onRowClick={onRowClick} /> },
  ]);
  render(<RouterProvider router={router} />);
}

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('catalogue summary table', () => {
  it('groups by class, counts with Nk+, highlights 500+ changes and orders health chips green, red, orange, gray', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Catalog summary' });
    const groups = within(table).getAllByRole('row', { expanded: true });
    expect(groups.map((g) => within(g).getAllByRole('cell')[0]!.textContent)).toEqual(['Node', 'Pod']);
    const pod = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('1k+') && !r.hasAttribute('aria-expanded'))!;
    const chips = within(pod).getAllByRole('link');
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual(['1k+ healthy', '100 unhealthy']);
    expect(chips[1]!.getAttribute('href')).toBe('/catalog?configType=Kubernetes__Pod&health=unhealthy%3A1');
    expect(within(pod).getByTitle('800 changes').className).toContain('text-destructive');
  });

  it('collapses a group on click and reports a type row click', () => {
    const clicked: string[] = [];
    renderTable((r) => clicked.push(r.type ?? ''));
    const table = screen.getByRole('table', { name: 'Catalog summary' });
    fireEvent.click(within(table).getAllByRole('row', { expanded: true })[0]!);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 2 + 1);
    fireEvent.click(within(table).getByTitle('Kubernetes::Pod').closest('tr')!);
    expect(clicked).toEqual(['Kubernetes::Pod']);
  });

  it('stars a type as favourite in local storage without opening it', () => {
    const clicked: string[] = [];
    renderTable((r) => clicked.push(r.type ?? ''));
    fireEvent.click(screen.getByRole('button', { name: 'Add Kubernetes::Node to favorites' }));
    expect(JSON.parse(window.localStorage.getItem('catalogFavoriteTypes')!)).toEqual(['Kubernetes::Node']);
    expect(screen.getByRole('button', { name: 'Remove Kubernetes::Node from favorites' }).getAttribute('aria-pressed')).toBe('true');
    expect(clicked).toEqual([]);
  });
});
