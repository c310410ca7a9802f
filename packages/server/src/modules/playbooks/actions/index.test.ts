import { describe, expect, it } from 'vitest';
import { actionTypeOf, RUNNABLE_ACTION_TYPES } from './index.js';

describe('action types', () => {
  it('finds the one block an action sets', () => {
    expect(actionTypeOf({ name: 'a', exec: { script: 'true' } })).toBe('exec');
    expect(actionTypeOf({ gitops: {}, http: null as unknown })).toBe('gitops');
  });

  it('refuses none or several, naming the action', () => {
    expect(() => actionTypeOf({ name: 'empty' })).toThrow(
      'action empty: set one of exec, http, sql, notification, logs, gitops, pod, kubernetes',
    );
    expect(() => actionTypeOf({})).toThrow(/^action: set one of/);
    expect(() => actionTypeOf({ name: 'two', sql: {}, logs: {} })).toThrow('action two: sets sql and logs; an action has exactly one type');
  });

  it('has a runner for every action type', () => {
    expect([...RUNNABLE_ACTION_TYPES].sort()).toEqual(['exec', 'gitops', 'http', 'kubernetes', 'logs', 'notification', 'pod', 'sql']);
  });
});
