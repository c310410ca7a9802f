import { describe, expect, it } from 'vitest';
import { ActionState, actionShouldRun, evaluateActionCel, type PastAction } from './action-state.js';

const past = (name: string, status: string, result: Record<string, unknown> | null = null): PastAction => ({
  name,
  position: 0,
  status,
  error: status === 'failed' ? 'boom' : null,
  result,
  start_time: null,
  end_time: null,
});

describe('action conditions', () => {
  const failed = new ActionState([past('start', 'failed'), past('skipped one', 'skipped')]);
  const fine = new ActionState([past('start', 'completed', { stdout: 'hi' }), past('skipped one', 'skipped')]);

  it('defaults to success() and answers success/failure/always/skip/timeout from earlier actions', () => {
    expect(actionShouldRun(undefined, {}, fine)).toBe(true);
    expect(actionShouldRun('', {}, failed)).toBe(false);
    expect(actionShouldRun('failure()', {}, failed)).toBe(true);
    expect(actionShouldRun('failure()', {}, fine)).toBe(false);
    expect(actionShouldRun('always()', {}, failed)).toBe(true);
    expect(actionShouldRun('skip()', {}, fine)).toBe(false);
    expect(actionShouldRun('timeout()', {}, new ActionState([past('a', 'timed_out')]))).toBe(true);
    expect(actionShouldRun('success()', {}, new ActionState([past('a', 'timed_out')]))).toBe(false);
  });

  it('takes plain conditions over the template data as they are', () => {
    expect(actionShouldRun('params.delay != "0" && success()', { params: { delay: '0' } }, fine)).toBe(false);
    expect(actionShouldRun('params.delay != "0" && success()', { params: { delay: '5s' } }, fine)).toBe(true);
    expect(actionShouldRun('config.config_class != "Cluster" ? true: false', { config: { config_class: 'Pod' } }, failed)).toBe(true);
    expect(actionShouldRun('"true"', {}, fine)).toBe(true);
    expect(() => actionShouldRun('1 + 1', {}, fine)).toThrow(/not true or false/);
  });

  it('gives earlier actions by name, the last one and its result', () => {
    expect(evaluateActionCel('getAction("start").status', {}, fine)).toBe('completed');
    expect(evaluateActionCel('getLastAction().name', {}, fine)).toBe('start');
    expect(evaluateActionCel('last_result().stdout', {}, fine)).toBe('hi');
    const funcs = fine.templateFuncs();
    expect((funcs.last_result!() as { stdout: string }).stdout).toBe('hi');
  });
});
