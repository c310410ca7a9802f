import type { PlaybookRunActionWire } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { defaultStep, INITIALIZATION_STEP, runSteps } from './run-steps';

const action = (over: Partial<PlaybookRunActionWire> & Pick<PlaybookRunActionWire, 'id' | 'position'>): PlaybookRunActionWire => ({
  playbook_run_id: 'r1',
  name: `step-${over.position}`,
  attempt: 1,
  status: 'completed',
  scheduled_time: '2026-01-01T00:00:00Z',
  start_time: '2026-01-01T00:00:00Z',
  end_time: '2026-01-01T00:00:01Z',
  error: null,
  ...over,
});
const run = { status: 'completed' as const, error: null, created_at: '2026-01-01T00:00:00Z', start_time: null, end_time: null };

describe('runSteps', () => {
  it('orders attempts by position then attempt and makes skipped steps unselectable', () => {
    const steps = runSteps({
      ...run,
      actions: [
        action({ id: 'c', position: 1, attempt: 2 }),
        action({ id: 'a', position: 0 }),
        action({ id: 'b', position: 1, attempt: 1, status: 'failed' }),
        action({ id: 'd', position: 2, status: 'skipped' }),
      ],
    });
    expect(steps.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(steps.map((s) => s.selectable)).toEqual([true, true, true, false]);
  });

  it('adds Initialization when the run failed with an error no action explains', () => {
    const steps = runSteps({ ...run, status: 'failed', error: 'parameter "x" is required', actions: [] });
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ id: INITIALIZATION_STEP, name: 'Initialization', error: 'parameter "x" is required' });
    const explained = runSteps({
      ...run,
      status: 'failed',
      error: 'action failed',
      actions: [action({ id: 'a', position: 0, status: 'failed', error: 'exit 1' })],
    });
    expect(explained.map((s) => s.id)).toEqual(['a']);
    expect(runSteps({ ...run, status: 'failed', error: null, actions: [] })).toEqual([]);
  });
});

describe('defaultStep', () => {
  it('prefers the running step, then the first failure, then the last step, never a skipped one', () => {
    const s = (id: string, status: string, selectable = true) => ({
      id,
      name: id,
      status,
      attempt: 1,
      start_time: null,
      end_time: null,
      error: null,
      selectable,
    });
    expect(defaultStep([s('a', 'completed'), s('b', 'running')])?.id).toBe('b');
    expect(defaultStep([s('a', 'completed'), s('b', 'failed'), s('c', 'completed')])?.id).toBe('b');
    expect(defaultStep([s('a', 'completed'), s('b', 'skipped', false)])?.id).toBe('a');
    expect(defaultStep([s('a', 'skipped', false)])).toBeUndefined();
  });
});
