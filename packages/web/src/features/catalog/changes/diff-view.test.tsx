import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DiffView, JsonPatchView } from './diff-view';

afterEach(cleanup);

describe('change diff view', () => {
  it('draws removed and added lines with their line numbers', () => {
    render(<DiffView diff={'--- before\n+++ after\n@@ -1,3 +1,3 @@\n {\n-  "color": "red"\n+  "color": "blue"\n }'} />);
    const table = screen.getByRole('table', { name: 'Diff' });
    const del = table.querySelector('tr[data-kind="del"]')!;
    const add = table.querySelector('tr[data-kind="add"]')!;
    expect(
      within(del as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '', '-', '  "color": "red"']);
    expect(
      within(add as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '2', '+', '  "color": "blue"']);
    expect(screen.getByText('+1')).toBeTruthy();
  });

  it('lists JSON patch operations with readable paths', () => {
    render(
      <JsonPatchView
        patches={[
          { op: 'replace', path: '/spec/replicas', value: 3 },
          { op: 'remove', path: '/metadata/labels/a~1b' },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Patches' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['replacespec.replicas3', 'removemetadata.labels.a/b']);
  });
});
