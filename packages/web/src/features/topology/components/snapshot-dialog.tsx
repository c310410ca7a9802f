import { durationLabel } from '@ops/shared';
import { useState } from 'react';
import { Button, Checkbox, Dialog, Label, Select } from '../../../components/ui';
import { toast } from 'sonner';
import { saveBlob } from '../../../lib/save-blob';
import { fetchSnapshot } from '../api/snapshot-api';
import { TOPOLOGY_MESSAGES } from '../lib/messages';

/** Time ranges a snapshot can cover; the first is the default. */
export const SNAPSHOT_RANGES = ['1h', '3h', '6h', '12h', '1d', '3d', '7d', '30d'] as const;

type SnapshotState = 'idle' | 'downloading' | 'done' | 'error';

/** The 'Download snapshot' modal: a time range and 'Include related', then the archive is downloaded. */
export function SnapshotDialog({ componentId, onClose }: { componentId: string; onClose: () => void }) {
  const [range, setRange] = useState<string>(SNAPSHOT_RANGES[0]);
  const [related, setRelated] = useState(false);
  const [state, setState] = useState<SnapshotState>('idle');

  const download = async (): Promise<void> => {
    setState('downloading');
    try {
      const { blob, fileName } = await fetchSnapshot(componentId, range, related);
      saveBlob(blob, fileName);
      setState('done');
      onClose();
    } catch {
      setState('error');
      toast.error(TOPOLOGY_MESSAGES.snapshotFailed);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Download snapshot"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void download()} loading={state === 'downloading'} disabled={state === 'downloading'}>
            Download
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4" data-state={state}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="snapshot-range">Time range</Label>
          <Select
            id="snapshot-range"
            value={range}
            onValueChange={setRange}
            options={SNAPSHOT_RANGES.map((r) => ({ value: r, label: `Last ${durationLabel(r)}` }))}
          />
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id="snapshot-related" checked={related} onCheckedChange={setRelated} />
          <Label htmlFor="snapshot-related">Include related</Label>
        </div>
        {state === 'error' && (
          <p role="alert" className="text-sm text-destructive">
            {TOPOLOGY_MESSAGES.snapshotFailed}
          </p>
        )}
      </div>
    </Dialog>
  );
}
