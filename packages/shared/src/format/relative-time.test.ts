import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.js';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime', () => {
  it("reads like '5m ago'", () => {
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5m ago');
    expect(formatRelativeTime(ago(30_000), now)).toBe('30s ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(formatRelativeTime(ago(2 * 86_400_000), now)).toBe('2d ago');
    expect(formatRelativeTime(ago(60 * 86_400_000), now)).toBe('2mo ago');
    expect(formatRelativeTime(ago(800 * 86_400_000), now)).toBe('2y ago');
  });
  it('handles now, the future, strings and bad input', () => {
    expect(formatRelativeTime(now, now)).toBe('just now');
    expect(formatRelativeTime(new Date(now.getTime() + 5 * 60_000), now)).toBe('in 5m');
    expect(formatRelativeTime('2025-06-15T11:00:00Z', now)).toBe('1h ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatRelativeTime(null, now)).toBe('');
  });
});
