import { MESSAGES, type PersonRow } from '@ops/shared';
import { useMemo, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button, Checkbox, Dialog, Input, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { usePeople } from '../api/use-team-members';

export interface AddMembersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Ids already in the team; they are not offered again. */
  memberIds: ReadonlySet<string>;
  adding: boolean;
  /** Adds everyone chosen in one call; the dialog closes when it resolves. */
  onAdd: (people: PersonRow[]) => Promise<unknown>;
}

/** People not yet in the team whose name or email contains the text (case-insensitive). */
export function candidates(people: readonly PersonRow[], memberIds: ReadonlySet<string>, text: string): PersonRow[] {
  const q = text.trim().toLowerCase();
  return people.filter(
    (p) => !memberIds.has(p.id) && (!q || p.name.toLowerCase().includes(q) || (p.email ?? '').toLowerCase().includes(q)),
  );
}

/** Pick several people (search + checkboxes) and add them to the team at once. */
export function AddMembersDialog({ open, onOpenChange, memberIds, adding, onAdd }: AddMembersDialogProps) {
  const people = usePeople(open);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Map<string, PersonRow>>(new Map());
  const list = useMemo(() => candidates(people.data ?? [], memberIds, text), [people.data, memberIds, text]);
  const toggle = (p: PersonRow, on: boolean): void => {
    const next = new Map(chosen);
    if (on) next.set(p.id, p);
    else next.delete(p.id);
    setChosen(next);
  };
  const close = (o: boolean): void => {
    if (adding) return;
    onOpenChange(o);
    if (o) return;
    setChosen(new Map());
    setText('');
  };
  const submit = async (): Promise<void> => {
    try {
      await onAdd([...chosen.values()]);
      close(false);
    } catch {
      // The mutation already toasted the server's message; keep the choice for a retry.
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add team members"
      footer={
        <>
          <Button variant="outline" disabled={adding} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button disabled={chosen.size === 0} loading={adding} onClick={() => void submit()}>
            Add{chosen.size > 0 ? ` (${chosen.size})` : ''}
          </Button>
        </>
      }
    >
      <Input aria-label="Search people" placeholder="Search by name or email" value={text} onChange={(e) => setText(e.target.value)} />
      <div className="mt-3 max-h-80 overflow-auto">
        {people.isPending && <Spinner />}
        {people.error && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(people.error)}
          </p>
        )}
        {people.data && list.length === 0 && <p className="py-4 text-center text-sm text-muted-foreground">{MESSAGES.noOptions}</p>}
        <ul className="grid gap-1">
          {list.map((p) => (
            <li key={p.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent">
                <Checkbox checked={chosen.has(p.id)} onCheckedChange={(on) => toggle(p, on)} aria-label={p.name} />
                <Avatar name={p.name} src={p.avatar} size="sm" />
                <span className="min-w-0 flex-1 truncate">{p.name}</span>
                {p.email && <span className="truncate text-xs text-muted-foreground">{p.email}</span>}
              </label>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
