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
          element={
            <IntegrationDetailPage
              renderScraper={(id) => <p>scraper page of {id}</p>}
              renderSpec={(type, id) => (
                <p>
                  {type} editor of {id}
                </p>
              )}
            />
          }
        />
      </Routes>
    </MemoryRouter>,
  );

it('shows a scraper through the page it is given, with its id', () => {
  at('/settings/integrations/scrapers/abc');
  expect(screen.getByText('scraper page of abc')).toBeTruthy();
});

it('opens topologies and log backends in their own editors, with their id', () => {
  at('/settings/integrations/topologies/abc');
  expect(screen.getByText('topologies editor of abc')).toBeTruthy();
  expect(screen.queryByText(/scraper page/)).toBeNull();
  cleanup();
  at('/settings/integrations/logging_backends/xyz');
  expect(screen.getByText('logging_backends editor of xyz')).toBeTruthy();
});

it("shows 'Unknown type' for anything else", () => {
  at('/settings/integrations/widgets/abc');
  expect(screen.getByText('Unknown type')).toBeTruthy();
  expect(screen.queryByText(/scraper page|editor of/)).toBeNull();
});
