import type { AnalysisStatus, ConfigAnalysisRow } from '@ops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellOff, CheckCircle2, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui';
import { toastError, toastSuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/use-whoami';
import { setInsightStatus } from '../api/analysis-api';
import { catalogKeys } from '../api/catalog-keys';

interface Action {
  status: AnalysisStatus;
  label: string;
  done: string;
  icon: ReactNode;
  title: string;
}

// config-db knows open, resolved and silenced: acknowledging silences a finding (it stays listed but is
// no longer counted as open); a scrape that still reports a resolved finding reopens it, a silenced one not.
const ACKNOWLEDGE: Action = {
  status: 'silenced',
  label: 'Acknowledge',
  done: 'Insight acknowledged',
  icon: <BellOff />,
  title: 'Silence this finding: it stays listed, is no longer counted as open, and later scrapes keep it silenced',
};
const RESOLVE: Action = {
  status: 'resolved',
  label: 'Resolve',
  done: 'Insight resolved',
  icon: <CheckCircle2 />,
  title: 'Mark this finding fixed: a later scrape that still reports it opens it again',
};
const REOPEN: Action = { status: 'open', label: 'Reopen', done: 'Insight reopened', icon: <RotateCcw />, title: 'Open this finding again' };

const ACTIONS: Record<AnalysisStatus, Action[]> = {
  open: [ACKNOWLEDGE, RESOLVE],
  silenced: [RESOLVE, REOPEN],
  resolved: [REOPEN],
};

/** The status actions of an insight, for callers who may write the catalogue; nothing for others. */
export function InsightActions({ insight }: { insight: ConfigAnalysisRow }) {
  const perms = usePermissions();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (a: Action) => setInsightStatus(insight.id, a.status),
    onSuccess: async (_out, a) => {
      toastSuccess(a.done);
      // The list, the config's Insights badge and the summary counts all read the status.
      await client.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError: toastError,
  });
  if (!perms.can('database', 'write')) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Insight actions">
      {(ACTIONS[insight.status] ?? [REOPEN]).map((a) => (
        <Button
          key={a.status}
          size="sm"
          variant={a.status === 'open' ? 'outline' : 'secondary'}
          title={a.title}
          loading={change.isPending && change.variables?.status === a.status}
          disabled={change.isPending}
          onClick={() => change.mutate(a)}
        >
          {a.icon}
          {a.label}
        </Button>
      ))}
    </div>
  );
}
