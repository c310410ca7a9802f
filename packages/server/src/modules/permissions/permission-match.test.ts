import { describe, expect, it } from 'vitest';
import { coversAction, globMatch, objectMatches, selectorMatches } from './permission-match.js';

const playbook = { id: 'p1', name: 'restart-pod', namespace: 'default', type: '' };
const config = (namespace: string, type = 'Kubernetes::Pod') => ({ id: 'c1', name: 'web-1', namespace, type });

describe('permission matching', () => {
  it('globs match whole values, with * for any run and other characters literal', () => {
    expect(globMatch('*', 'anything')).toBe(true);
    expect(globMatch('restart-*', 'restart-pod')).toBe(true);
    expect(globMatch('restart-*', 'pre-restart-pod')).toBe(false);
    expect(globMatch('a.b', 'axb')).toBe(false);
  });

  it('a selector needs every field it gives to match', () => {
    expect(selectorMatches({ namespace: 'mission-control' }, config('mission-control'))).toBe(true);
    expect(selectorMatches({ namespace: 'mission-control', types: ['Kubernetes::Node'] }, config('mission-control'))).toBe(false);
    expect(selectorMatches({ id: 'other' }, config('mission-control'))).toBe(false);
  });

  it('playbook:* and * cover run and approve; playbook:run does not cover approve', () => {
    expect(coversAction(['playbook:*'], 'playbook:approve')).toBe(true);
    expect(coversAction(['*'], 'playbook:run')).toBe(true);
    expect(coversAction(['playbook:run'], 'playbook:approve')).toBe(false);
    expect(coversAction(['read'], 'playbook:run')).toBe(false);
  });

  it('an object that requires a config matches only runs on a selected config', () => {
    const o = { playbooks: [{ name: '*' }], configs: [{ namespace: 'mission-control' }] };
    expect(objectMatches(o, playbook, { configs: config('mission-control') })).toBe(true);
    expect(objectMatches(o, playbook, { configs: config('other') })).toBe(false);
    expect(objectMatches(o, playbook, {})).toBe(false);
    expect(objectMatches(o, playbook, { components: config('mission-control') })).toBe(false);
  });

  it('an object with only playbooks matches runs on any resource or none', () => {
    const o = { playbooks: [{ name: 'restart-*', namespace: 'default' }] };
    expect(objectMatches(o, playbook, {})).toBe(true);
    expect(objectMatches(o, playbook, { checks: config('x') })).toBe(true);
    expect(objectMatches(o, { ...playbook, namespace: 'prod' }, {})).toBe(false);
  });
});
