import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins truthy classes', () => {
    expect(cn('a', false, null, undefined, ['b', { c: true, d: false }])).toBe('a b c');
  });

  it('lets a later class of the same group win', () => {
    expect(cn('w-full h-9 px-3 text-sm', 'h-8 w-20')).toBe('px-3 text-sm h-8 w-20');
    expect(cn('rounded-md', 'rounded-full')).toBe('rounded-full');
    expect(cn('flex', 'hidden')).toBe('hidden');
    expect(cn('w-[var(--x)]', 'w-40')).toBe('w-40');
  });

  it('keeps classes that differ by variant or by group', () => {
    expect(cn('w-full sm:w-40', 'md:w-60')).toBe('w-full sm:w-40 md:w-60');
    expect(cn('min-w-0 w-full max-w-md')).toBe('min-w-0 w-full max-w-md');
    expect(cn('px-3 py-1', 'p-0')).toBe('px-3 py-1 p-0');
    expect(cn('gap-2', 'gap-x-4', 'rounded-t-md', 'rounded')).toBe('gap-2 gap-x-4 rounded-t-md rounded');
    expect(cn('text-sm text-muted-foreground', 'text-xs')).toBe('text-muted-foreground text-xs');
  });
});
