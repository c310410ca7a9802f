import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// A process keeps a live set and churns objects that live long enough to be promoted, as check runs do;
// it reports the largest heap it reached. Run once with V8's own factor and once with ours applied.
const module = pathToFileURL(new URL('./heap-growth.ts', import.meta.url).pathname).href;
const script = (percent: number) => `
  const { applyHeapGrowth } = await import(${JSON.stringify(module)});
  applyHeapGrowth(${percent});
  const live = Array.from({ length: 300_000 }, (_, i) => ({ i, s: 'item-' + i, a: [i, i + 1] }));
  const ring = new Array(150_000);
  let max = 0;
  for (let step = 0; step < 1_200_000; step++) {
    ring[step % ring.length] = { step, payload: new Array(16).fill(step) };
    if (step % 1000 === 0) max = Math.max(max, process.memoryUsage().heapUsed);
  }
  console.log(JSON.stringify({ live: live.length, maxHeap: max }));`;

function peakHeap(percent: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(percent)]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`exited ${code}: ${err}`));
      else resolve((JSON.parse(out) as { maxHeap: number }).maxHeap);
    });
  });
}

describe('applyHeapGrowth', () => {
  it('keeps the heap near its live size where V8 alone lets it grow far past it', async () => {
    const [own, fixed] = await Promise.all([peakHeap(0), peakHeap(25)]);
    expect(fixed).toBeLessThan(own * 0.75);
  }, 60_000);
});
