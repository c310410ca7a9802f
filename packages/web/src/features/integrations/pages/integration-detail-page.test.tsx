import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { IntegrationDetailPage } from './integration-detail-page';

afterEach(cleanup);

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/settings/integrations/:type/:id"
          element={<IntegrationDetailPage renderScraper={(id) => <p>scraper page of {id}</p>} />}
        />
      </Routes>
    </MemoryRouter>,
  );

it('shows a scraper through the page it is given, with its id', () => {
  at('/settings/integrations/scrapers/abc');
  expect(screen.getByText('scraper page of abc')).toBeTruthy();
});

it('says a kind that is not built yet is not available, without an editor', () => {
  at('/settings/integrations/topologies/abc');
  expect(screen.getByText('Topologies are not available yet')).toBeTruthy();
  expect(screen.queryByText(/scraper page/)).toBeNull();
  cleanup();
  at('/settings/integrations/logging_backends/abc');
  expect(screen.getByText('Log backends are not available yet')).toBeTruthy();
});

it("shows 'Unknown type' for anything else", () => {
  at('/settings/integrations/widgets/abc');
  expect(screen.getByText('Unknown type')).toBeTruthy();
  expect(screen.queryByText(/scraper page/)).toBeNull();
});
