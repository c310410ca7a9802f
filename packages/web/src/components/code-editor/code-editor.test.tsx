import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CodeEditor, CodeViewer } from './code-editor';
import type { EditorDiagnostic } from './diagnostics';

const schema = z.looseObject({ name: z.string().min(3), replicas: z.number().int().min(1).optional() });

afterEach(cleanup);

/** The problems listed under the editor, once the (debounced) check has run. */
async function problems(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Problems' }, { timeout: 3000 });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe('CodeEditor', () => {
  it('loads lazily and shows schema problems with their lines', async () => {
    const seen = vi.fn<(d: EditorDiagnostic[]) => void>();
    render(<CodeEditor aria-label="Spec" value={'name: ab\nreplicas: 0\n'} schema={schema} onDiagnostics={seen} />);
    expect(screen.getByRole('status', { name: 'Loading editor' })).toBeTruthy();
    expect(await problems()).toEqual([
      'Line 1: name: Too small: expected string to have >=3 characters',
      'Line 2: replicas: Too small: expected number to be >=1',
    ]);
    expect(seen).toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Spec' })).toBeTruthy();
  });

  it('shows JSON syntax errors and updates when the value changes', async () => {
    const { rerender } = render(<CodeEditor aria-label="Body" language="json" value={'{"name": "abc",}'} schema={schema} />);
    const [syntax] = await problems();
    expect(syntax).toMatch(/^Line 1: .*JSON/);
    await act(async () => rerender(<CodeEditor aria-label="Body" language="json" value={'{"name": 5}'} schema={schema} />));
    await vi.waitFor(async () => expect(await problems()).toEqual(['Line 1: name: expected string, received number']), { timeout: 3000 });
  });

  it('shows no problem list for a valid document and a read-only viewer refuses edits', async () => {
    render(<CodeViewer aria-label="Spec" value={'name: valid\n'} schema={schema} size="small" />);
    const box = await screen.findByRole('textbox', { name: 'Spec' });
    expect(box.getAttribute('aria-readonly')).toBe('true');
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByRole('list', { name: 'Problems' })).toBeNull();
  });
});
