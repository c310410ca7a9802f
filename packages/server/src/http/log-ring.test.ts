import { describe, expect, it } from 'vitest';
import { LogRing } from './log-ring.js';

describe('LogRing', () => {
  it('keeps the newest lines with increasing sequence numbers and drops the oldest', () => {
    const ring = new LogRing(3);
    expect(ring.last).toBe(0);
    ring.push('{"msg":"a"}\n');
    ring.push('{"msg":"b"}\n{"msg":"c"}\n\n{"msg":"d"}\n');
    expect([ring.first, ring.last]).toEqual([2, 4]);
    expect([1, 2, 3, 4, 5].map((s) => ring.at(s)?.text)).toEqual([undefined, '{"msg":"b"}', '{"msg":"c"}', '{"msg":"d"}', undefined]);
  });

  it('cuts a huge line', () => {
    const ring = new LogRing(2);
    ring.push(`${'x'.repeat(100_000)}\n`);
    expect(ring.at(1)!.text).toHaveLength(16_384);
  });
});
