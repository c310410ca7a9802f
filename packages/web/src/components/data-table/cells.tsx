import { formatRelativeTime, type DbRow } from '@ops/shared';
import { Avatar } from '../avatar/avatar';

/** A timestamp as relative time ('5m ago') with the full local date and time on hover. */
export function DateCell({ value }: { value: string | Date | null | undefined }) {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()} className="whitespace-nowrap">
      {formatRelativeTime(date)}
    </time>
  );
}

/** A person (a `people` row, or the columns of it an embed selected). */
export type PersonRef = Partial<Pick<DbRow<'people'>, 'id' | 'name' | 'email' | 'avatar'>>;

/** A person (e.g. created_by) as avatar and name; empty when unknown. */
export function PersonCell({ person }: { person: PersonRef | null | undefined }) {
  if (!person) return null;
  const name = person.name || person.email || '';
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <Avatar name={name} src={person.avatar} size="xs" />
      <span className="truncate">{name}</span>
    </span>
  );
}
