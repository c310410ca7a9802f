// POST /api/logs over a file backend, through HTTP on a real server: components and backends inserted
// by SQL, files written, rotated (renamed and copy-truncated) and truncated between pages; paging by
// cursor, newest first, parsing, time range and text filter; a million-line file's first page.
import { appendFileSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LogsResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
const dir = mkdtempSync(path.join(tmpdir(), 'ops-logs-file-'));

beforeAll(async () => {
  server = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function backend(name: string, spec: unknown): Promise<void> {
  await server.db.pool.query('INSERT INTO logging_backends (name, spec) VALUES ($1, $2)', [name, JSON.stringify(spec)]);
}

async function component(name: string, logs: unknown[]): Promise<string> {
  const { rows } = await server.db.pool.query<{ id: string }>('INSERT INTO components (name, log_selectors) VALUES ($1, $2) RETURNING id', [
    name,
    JSON.stringify(logs),
  ]);
  return rows[0]!.id;
}

const logs = (body: Record<string, unknown>) =>
  server.json<LogsResponse & { message?: string }>('/api/logs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Every page's messages, following next_cursor to the end. */
async function allMessages(body: Record<string, unknown>): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const res = await logs({ ...body, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    out.push(...res.body.results.map((r) => r.message));
    cursor = res.body.next_cursor;
    if (!cursor) return out;
  }
  throw new Error('more than 100 pages');
}

const jsonLine = (i: number, t: Date, msg = `line ${i}`) => `${JSON.stringify({ time: t.toISOString(), level: 'info', msg, n: i })}\n`;

describe('file backend', () => {
  it('reads newest first across pages, parses json lines and labels them with the file', async () => {
    const file = path.join(dir, 'paged.log');
    const base = Date.parse('2026-01-01T00:00:00Z');
    writeFileSync(file, Array.from({ length: 25 }, (_, i) => jsonLine(i, new Date(base + i * 1000))).join(''));
    await backend('paged-files', { file: { path: file } });
    const id = await component('paged', [{ name: 'app', backend: 'paged-files' }]);

    const first = await logs({ id, limit: 10 });
    expect(first.status).toBe(200);
    expect(first.body.backend).toBe('paged-files');
    expect(first.body.results.map((r) => r.message)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${24 - i}`));
    expect(first.body.results[0]).toMatchObject({
      timestamp: new Date(base + 24_000).toISOString(),
      severity: 'info',
      labels: { file, n: '24' },
    });
    expect(first.body.next_cursor).toBeTruthy();

    const all = await allMessages({ id, limit: 10 });
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => `line ${24 - i}`));
  });

  it('filters by a case-insensitive substring and a time range (relative and ISO)', async () => {
    const file = path.join(dir, 'filtered.log');
    const now = Date.now();
    const lines = [
      jsonLine(0, new Date(now - 5 * 86_400_000), 'old Payment failed'),
      jsonLine(1, new Date(now - 3600_000), 'recent payment FAILED'),
      jsonLine(2, new Date(now - 1800_000), 'recent ok'),
      jsonLine(3, new Date(now - 60_000), 'latest PAYMENT failed'),
    ];
    writeFileSync(file, lines.join(''));
    await backend('filtered-files', { file: { path: file } });
    const id = await component('filtered', [{ name: 'app', backend: 'filtered-files' }]);

    expect(await allMessages({ id, query: 'payment failed' })).toEqual([
      'latest PAYMENT failed',
      'recent payment FAILED',
      'old Payment failed',
    ]);
    expect(await allMessages({ id, query: 'payment failed', start: 'now-2d' })).toEqual(['latest PAYMENT failed', 'recent payment FAILED']);
    expect(await allMessages({ id, start: '2d', end: new Date(now - 1000_000).toISOString() })).toEqual([
      'recent ok',
      'recent payment FAILED',
    ]);
    const bad = await logs({ id, start: 'yesterday-ish' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^start: "yesterday-ish" is not a time/);
  });

  it('follows a renamed rotation, reads rotated siblings in order, and survives copy-truncate and truncation', async () => {
    const file = path.join(dir, 'app.log');
    writeFileSync(path.join(dir, 'app.log.2'), 'plain a0\nplain a1\n');
    writeFileSync(path.join(dir, 'app.log.1'), 'plain b0\nplain b1\n');
    writeFileSync(file, 'plain c0\nplain c1\nplain c2\nplain c3\n');
    await backend('rotating', { file: { path: path.join(dir, 'app*.log') } });
    const id = await component('rotating', [{ name: 'app', type: 'file', backend: 'rotating' }]);

    expect(await allMessages({ id, limit: 3 })).toEqual([
      'plain c3',
      'plain c2',
      'plain c1',
      'plain c0',
      'plain b1',
      'plain b0',
      'plain a1',
      'plain a0',
    ]);

    // Page one, then rotate by renaming (app.log → app.log.1 → app.log.2 → app.log.3) and start a new app.log.
    const first = await logs({ id, limit: 2 });
    expect(first.body.results.map((r) => r.message)).toEqual(['plain c3', 'plain c2']);
    renameSync(path.join(dir, 'app.log.2'), path.join(dir, 'app.log.3'));
    renameSync(path.join(dir, 'app.log.1'), path.join(dir, 'app.log.2'));
    renameSync(file, path.join(dir, 'app.log.1'));
    writeFileSync(file, 'plain d0\n');
    const rest: string[] = [];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await logs({ id, limit: 2, cursor });
      expect(page.status).toBe(200);
      rest.push(...page.body.results.map((r) => r.message));
      cursor = page.body.next_cursor;
    }
    // The next pages continue in the renamed file where the first stopped: nothing lost, nothing twice.
    expect(rest).toEqual(['plain c1', 'plain c0', 'plain b1', 'plain b0', 'plain a1', 'plain a0']);
    expect((await allMessages({ id }))[0]).toBe('plain d0');

    // Copy-truncate: app.log copied to app.log.1 and emptied, then written again.
    writeFileSync(file, 'plain e0\nplain e1\nplain e2\n');
    const beforeCopy = await logs({ id, limit: 1 });
    expect(beforeCopy.body.results.map((r) => r.message)).toEqual(['plain e2']);
    for (const [from, to] of [
      ['app.log.3', 'app.log.4'],
      ['app.log.2', 'app.log.3'],
      ['app.log.1', 'app.log.2'],
    ] as const)
      renameSync(path.join(dir, from), path.join(dir, to));
    writeFileSync(path.join(dir, 'app.log.1'), 'plain e0\nplain e1\nplain e2\n');
    truncateSync(file, 0);
    appendFileSync(file, 'x\n');
    const afterCopy = await logs({ id, limit: 2, cursor: beforeCopy.body.next_cursor });
    expect(afterCopy.status).toBe(200);
    expect(afterCopy.body.results.map((r) => r.message)).toEqual(['plain e1', 'plain e0']);

    // Truncated with no copy: the page goes on with the older files instead of failing or reading
    // whatever now sits at the old offset of another file.
    writeFileSync(file, 'plain f0\nplain f1\n');
    const top = await logs({ id, limit: 1 });
    expect(top.body.results.map((r) => r.message)).toEqual(['plain f1']);
    truncateSync(file, 0);
    const afterTruncate = await logs({ id, limit: 1, cursor: top.body.next_cursor });
    expect(afterTruncate.status).toBe(200);
    expect(afterTruncate.body.results.map((r) => r.message)).toEqual(['plain e2']);
  });

  it('keeps stack traces with their line and reads a file without a final newline', async () => {
    const file = path.join(dir, 'trace.log');
    writeFileSync(file, 'ERROR boom\n  at a()\n  at b()\nINFO after\npartial');
    await backend('traces', { file: { path: file } });
    const id = await component('traces', [{ name: 'app', backend: 'traces' }]);
    expect(await allMessages({ id, limit: 1 })).toEqual(['partial', 'INFO after', 'ERROR boom\n  at a()\n  at b()']);
  });

  it('answers the first page of a 1,000,000-line file without reading it whole', async () => {
    const file = path.join(dir, 'million.log');
    const base = Date.parse('2026-02-01T00:00:00Z');
    const chunk: string[] = [];
    writeFileSync(file, '');
    for (let i = 0; i < 1_000_000; i++) {
      chunk.push(`ts=${new Date(base + i).toISOString()} level=info msg="request ${i}" path=/api/x\n`);
      if (chunk.length === 50_000) appendFileSync(file, chunk.splice(0).join(''));
    }
    await backend('million', { file: { path: file } });
    const id = await component('million', [{ name: 'app', backend: 'million' }]);
    const started = performance.now();
    const res = await logs({ id, limit: 100 });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(100);
    expect(res.body.results[0]).toMatchObject({ message: 'request 999999', severity: 'info', labels: { path: '/api/x' } });
    expect(res.body.results[99]!.message).toBe('request 999900');
    // Generous: the point is a tail read, not the full 60 MB; bench/ measures the figure.
    expect(ms).toBeLessThan(5000);
  });

  it('refuses a path outside the file roots with 400 naming the field', async () => {
    await backend('outside', { file: { path: '/etc/*.conf' } });
    const id = await component('outside', [{ name: 'app', backend: 'outside' }]);
    const res = await logs({ id });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^spec\.file\.path: /);
  });
});
