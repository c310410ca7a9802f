import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RelationshipsTab } from './relationships-tab';

afterEach(cleanup);

const ID = '5f0c3c1e-1111-4b5b-9c2a-000000000001';
const COMPONENT = '5f0c3c1e-2222-4b5b-9c2a-000000000002';

describe('check relationships', () => {
  it('names config items by name and type, links them, and lists components without a link', () => {
    render(
      <MemoryRouter>
        <RelationshipsTab
          data={{ configs: [{ id: ID, name: 'orders-db', type: 'AWS::RDS::DBInstance', deleted: true }], components: [COMPONENT] }}
          loading={false}
          error={null}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Relationships' });
    const link = within(list).getByRole('link', { name: 'orders-db' });
    expect(link.getAttribute('href')).toBe(`/catalog/${ID}`);
    expect(within(list).getByText('AWS::RDS::DBInstance')).toBeTruthy();
    expect(within(list).getByText('Deleted')).toBeTruthy();
    expect(within(list).queryByText(ID)).toBeNull();
    expect(within(list).getByText(COMPONENT).closest('a')).toBeNull();
    expect(within(list).getAllByRole('link')).toHaveLength(1);
  });
});
