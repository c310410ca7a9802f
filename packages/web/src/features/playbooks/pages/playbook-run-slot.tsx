import { PlaybookRunDialog } from '../run-dialog/playbook-run-dialog';
import type { PlaybookRow } from '../api/playbooks-api';

/** A card's Run: the run dialog (Resource, Playbook Parameters, Run) for `playbook`; a started run opens its page. */
export function PlaybookRunSlot({ playbook, onClose }: { playbook: PlaybookRow | null; onClose: () => void }) {
  return <PlaybookRunDialog playbook={playbook ?? undefined} open={!!playbook} onOpenChange={(open) => !open && onClose()} />;
}
