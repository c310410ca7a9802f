/** Two digits, for date parts. */
const pad = (n: number) => String(n).padStart(2, '0');

/** The value a `datetime-local` input expects ('YYYY-MM-DDTHH:mm', local time) for an ISO date; '' if invalid. */
export function toLocalInputValue(value: string | Date | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO instant of a `datetime-local` value (read as local time); undefined if empty or invalid. */
export function fromLocalInputValue(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** Short local date-time for labels: '2025-06-18 14:30'. Falls back to the raw text when unparsable. */
export function formatDateTime(value: string): string {
  const local = toLocalInputValue(value);
  return local ? local.replace('T', ' ') : value;
}
