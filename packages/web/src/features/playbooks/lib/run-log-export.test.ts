import type { PlaybookRunActionDetail, PlaybookRunWire } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { runLogFileName, runLogJson, runLogText } from './run-log-export';

const run = {
  id: 'r1',
  status: 'failed',
  error: 'step two failed',
  created_at: '2026-01-02T03:04:05Z',
  start_time: '2026-01-02T03:04:06.123Z',
  playbook: { id: 'p1', name: 'echo playbook', title: 'Echo', icon: null, category: 'Other' },
  actions: [],
} as unknown as PlaybookRunWire;

const action = (over: Partial<PlaybookRunActionDetail>): PlaybookRunActionDetail => ({
  id: 'a1',
  playbook_run_id: 'r1',
  name: 'echo',
  position: 0,
  attempt: 1,
  status: 'completed',
  scheduled_time: '2026-01-02T03:04:06Z',
  start_time: '2026-01-02T03:04:06Z',
  end_time: '2026-01-02T03:04:07Z',
  error: null,
  result: { stdout: 'hello\n', exitCode: 0 },
  artifacts: [],
  ...over,
});

describe('run log export', () => {
  it('names the file after the playbook and its start time', () => {
    expect(runLogFileName(run, 'log')).toBe('echo-playbook-2026-01-02T03-04-06.123Z.log');
    expect(runLogFileName({ ...run, start_time: null }, 'json')).toBe('echo-playbook-2026-01-02T03-04-05.000Z.json');
    // PostgreSQL's text form of a timestamp reads as the same ISO time.
    expect(runLogFileName({ ...run, start_time: '2026-12-01T14:42:56.845035+00:00' }, 'log')).toBe(
      'echo-playbook-2026-12-01T14-42-56.845Z.log',
    );
  });

  it('writes every action with its output as text', () => {
    const text = runLogText(run, [
      action({}),
      action({ id: 'a2', name: 'two', attempt: 2, status: 'failed', result: { stderr: 'boom' }, error: 'exit 1' }),
    ]);
    expect(text).toContain('# Echo (echo playbook) run r1: failed\n# error: step two failed');
    expect(text).toContain('## echo: completed');
    expect(text).toContain('hello\n[result]\n{\n  "exitCode": 0\n}');
    expect(text).toContain('## two attempt 2: failed');
    expect(text).toContain('[stderr]\nboom\n[error]\nexit 1');
  });

  it('writes the run and its actions as JSON', () => {
    const parsed = JSON.parse(runLogJson(run, [action({})])) as { run: Record<string, unknown>; actions: unknown[] };
    expect(parsed.run.id).toBe('r1');
    expect(parsed.run.actions).toBeUndefined();
    expect(parsed.actions).toHaveLength(1);
  });
});
