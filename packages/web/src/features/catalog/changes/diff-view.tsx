import type { JsonPatchOp } from '@ops/shared';
import { useMemo } from 'react';
import { cn } from '../../../lib/cn';
import { diffStats, parseUnifiedDiff, pointerToPath } from '../lib/unified-diff';

const ROW: Record<string, string> = {
  add: 'bg-success/12',
  del: 'bg-destructive/12',
  hunk: 'bg-info/10 text-info',
  meta: 'text-muted-foreground',
  ctx: '',
};
const SIGN: Record<string, string> = { add: '+', del: '-', ctx: ' ', hunk: '', meta: '' };

/** A unified diff drawn as a table: old and new line numbers, +/- markers, added green and removed red. */
export function DiffView({ diff }: { diff: string }) {
  const lines = useMemo(() => parseUnifiedDiff(diff), [diff]);
  const stats = diffStats(lines);
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-xs text-muted-foreground">
        <span className="text-success">+{stats.added}</span> <span className="text-destructive">-{stats.removed}</span> lines
      </figcaption>
      <div className="max-h-[50vh] overflow-auto rounded-md border font-mono text-xs">
        <table aria-label="Diff" className="w-full border-collapse">
          <tbody>
            {lines.map((l, i) => (
              <tr key={i} className={ROW[l.kind]} data-kind={l.kind}>
                <td className="w-10 select-none border-r px-1 text-right text-muted-foreground">{l.oldNo ?? ''}</td>
                <td className="w-10 select-none border-r px-1 text-right text-muted-foreground">{l.newNo ?? ''}</td>
                <td className={cn('w-4 select-none px-1', l.kind === 'add' && 'text-success', l.kind === 'del' && 'text-destructive')}>
                  {SIGN[l.kind]}
                </td>
                <td className="whitespace-pre px-1">{l.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const OP_TONE: Record<string, string> = {
  add: 'bg-success/15 text-success',
  remove: 'bg-destructive/15 text-destructive',
  replace: 'bg-warning/15 text-warning',
};

/** RFC 6902 operations as a list: operation, the path in dotted form, and the new value. */
export function JsonPatchView({ patches }: { patches: readonly JsonPatchOp[] }) {
  return (
    <ul aria-label="Patches" className="flex max-h-[50vh] flex-col gap-1 overflow-auto rounded-md border p-2 font-mono text-xs">
      {patches.map((p, i) => (
        <li key={i} className="flex flex-wrap items-start gap-2">
          <span className={cn('rounded px-1.5 font-sans font-medium', OP_TONE[p.op] ?? 'bg-muted')}>{p.op}</span>
          <span className="font-semibold">{pointerToPath(p.path)}</span>
          {p.from !== undefined && <span className="text-muted-foreground">from {pointerToPath(p.from)}</span>}
          {p.value !== undefined && <span className="min-w-0 whitespace-pre-wrap break-all">{JSON.stringify(p.value, null, 1)}</span>}
        </li>
      ))}
    </ul>
  );
}
