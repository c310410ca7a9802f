import type { SelectOption } from '../ui';

/** Schedule choices of the generic forms (canaries, scrapers), as canary-checker and config-db read them. */
export const SCHEDULE_CHOICES = [
  { value: '@every 30s', label: 'Every 30s' },
  { value: '@every 1m', label: 'Every 1m' },
  { value: '@every 5m', label: 'Every 5m' },
  { value: '@every 30m', label: 'Every 30m' },
  { value: '@hourly', label: 'Hourly' },
  { value: '@every 6h', label: 'Every 6h' },
  { value: '@daily', label: 'Daily' },
  { value: '@weekly', label: 'Weekly' },
] as const;

/** The choices plus a stored value that is not one of them, so opening a form never loses it. */
export function scheduleOptions(value: string | undefined): SelectOption[] {
  const known = !value || SCHEDULE_CHOICES.some((c) => c.value === value);
  return known ? [...SCHEDULE_CHOICES] : [...SCHEDULE_CHOICES, { value, label: value }];
}
