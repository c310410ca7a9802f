import { CHANGE_TAG_FILTER_SEPARATOR, decodeConfigType } from '@ops/shared';
import { X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { decodeTriState, encodeTriState, setTriState } from '../../../components/filters';
import { CHANGE_PARAMS } from '../lib/changes-params';

interface Chip {
  key: string;
  label: string;
  remove: (params: URLSearchParams) => void;
}

const TRI_STATE_FILTERS: { param: string; label: string; show?: (v: string) => string }[] = [
  { param: CHANGE_PARAMS.configTypes, label: 'Config Type', show: decodeConfigType },
  { param: CHANGE_PARAMS.changeType, label: 'Change Type' },
  { param: CHANGE_PARAMS.severity, label: 'Severity' },
  { param: CHANGE_PARAMS.tags, label: 'Tag', show: (v) => v.split(CHANGE_TAG_FILTER_SEPARATOR).join('=') },
];

const TEXT_FILTERS: { param: string; label: string }[] = [
  { param: CHANGE_PARAMS.id, label: 'Config' },
  { param: CHANGE_PARAMS.summary, label: 'Summary' },
  { param: CHANGE_PARAMS.source, label: 'Source' },
  { param: CHANGE_PARAMS.createdBy, label: 'Created By' },
  { param: CHANGE_PARAMS.externalCreatedBy, label: 'External Created By' },
];

/** The active filters of the changes screen, as chips. */
export function activeChangeChips(params: URLSearchParams, skip: readonly string[] = []): Chip[] {
  const chips: Chip[] = [];
  for (const f of TRI_STATE_FILTERS) {
    if (skip.includes(f.param)) continue;
    const map = decodeTriState(params.get(f.param));
    for (const [value, state] of Object.entries(map)) {
      chips.push({
        key: `${f.param}:${value}`,
        label: `${f.label}: ${state === -1 ? 'not ' : ''}${f.show ? f.show(value) : value}`,
        remove: (p) => {
          const next = encodeTriState(setTriState(map, value, 0));
          if (next) p.set(f.param, next);
          else p.delete(f.param);
        },
      });
    }
  }
  for (const f of TEXT_FILTERS) {
    const value = params.get(f.param);
    if (!value || skip.includes(f.param)) continue;
    chips.push({ key: f.param, label: `${f.label}: ${value}`, remove: (p) => p.delete(f.param) });
  }
  return chips;
}

/** Active filters as removable chips; removing one goes back to page 1. */
export function ChangeChips({ skip }: { skip?: readonly string[] }) {
  const [params, setParams] = useSearchParams();
  const chips = activeChangeChips(params, skip);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-1.5">
      {chips.map((chip) => (
        <li key={chip.key} className="inline-flex items-center gap-1 rounded-full border bg-muted/50 py-0.5 pl-2.5 pr-1 text-xs">
          {chip.label}
          <button
            type="button"
            aria-label={`Remove filter ${chip.label}`}
            className="rounded-full p-0.5 hover:bg-accent"
            onClick={() => {
              const next = new URLSearchParams(params);
              chip.remove(next);
              next.delete(CHANGE_PARAMS.page);
              setParams(next, { replace: true });
            }}
          >
            <X aria-hidden className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}
