import type { PlaybookRunWire } from '@ops/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui';
import { saveBlob } from '../../../lib/save-blob';
import { getPlaybookRunAction } from '../api/runs-api';
import { runLogFileName, runLogJson, runLogText, type RunLogFormat } from '../lib/run-log-export';

/** Fetches every action attempt of the run and saves the whole log as `playbookname-starttime.log|.json`. */
export async function saveRunLog(run: PlaybookRunWire, format: RunLogFormat): Promise<void> {
  const actions = await Promise.all(
    [...run.actions].sort((a, b) => a.position - b.position || a.attempt - b.attempt).map((a) => getPlaybookRunAction(a.id)),
  );
  const body = format === 'json' ? runLogJson(run, actions) : runLogText(run, actions);
  saveBlob(new Blob([body], { type: format === 'json' ? 'application/json' : 'text/plain' }), runLogFileName(run, format));
}

/** Download: the whole run's log as text or JSON ('Downloaded logs' / 'Failed to download logs'). */
export function DownloadRunLog({ run }: { run: PlaybookRunWire }) {
  const [busy, setBusy] = useState(false);
  const save = (format: RunLogFormat) => {
    setBusy(true);
    saveRunLog(run, format)
      .then(() => toast.success('Downloaded logs'))
      .catch(() => toast.error('Failed to download logs'))
      .finally(() => setBusy(false));
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" loading={busy}>
          <Download aria-hidden /> Download
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => save('log')}>Log (.log)</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => save('json')}>JSON (.json)</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
