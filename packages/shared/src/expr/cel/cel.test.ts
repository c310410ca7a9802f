import { describe, expect, it } from 'vitest';
import { ExprError } from '../errors.js';
import { durationFromMs } from '../util/values.js';
import { CelEnvironment, evaluateCel, parseCel, toCel, validateCel } from './index.js';

describe('evaluateCel', () => {
  it('evaluates over plain data: whole numbers are ints, others doubles', () => {
    expect(evaluateCel('code == 200 && count + 1 == 6 && ratio < 1', { code: 200, count: 5, ratio: 0.5 })).toBe(true);
    expect(evaluateCel('results[0].count == 4.0', { results: [{ count: 4 }] })).toBe(true);
    expect(evaluateCel("results.size() == 1 && results[0].message == 'user saved'", { results: [{ message: 'user saved' }] })).toBe(true);
  });

  it('returns plain values unless raw is asked for', () => {
    expect(evaluateCel('[1, 2.5, "a", {"k": true}]')).toEqual([1, 2.5, 'a', { k: true }]);
    expect(evaluateCel("duration('90m')")).toBe('1h30m0s');
    expect(evaluateCel("timestamp('2023-01-01T00:00:00Z')")).toEqual(new Date('2023-01-01T00:00:00Z'));
    expect(evaluateCel('1 + 1', {}, { raw: true })).toBe(2n);
    expect(evaluateCel('x.?missing.orValue("d")', { x: {} })).toBe('d');
  });

  it('accepts durations and dates from engines (sslAge, event_time)', () => {
    expect(evaluateCel("sslAge > Duration('7d')", { sslAge: durationFromMs(8 * 86_400_000) })).toBe(true);
    expect(evaluateCel("t < timestamp('2024-01-01T00:00:00Z')", { t: new Date('2023-06-01T00:00:00Z') })).toBe(true);
  });

  it('reads pre-converted variables without copying', () => {
    const vars = { config: toCel({ replicas: 3 }) };
    expect(evaluateCel('config.replicas * 2', vars, { converted: true })).toBe(6);
  });

  it('supports leading-dot identifiers, namespaced calls and a `type` variable', () => {
    expect(evaluateCel('.check.name + "!"', { check: { name: 'a' } })).toBe('a!');
    expect(evaluateCel("matchQuery(.check, 'type=http')", { check: { type: 'http' } })).toBe(true);
    expect(evaluateCel("type == 'Custom::Resource' && type(1) == int", { type: 'Custom::Resource' })).toBe(true);
    expect(evaluateCel('time.Now() > timestamp("2020-01-01T00:00:00Z")')).toBe(true);
    expect(evaluateCel('x.time.size()', { x: { time: 'abc' } })).toBe(3);
    expect(() => evaluateCel("type == 'x'")).toThrow(/type/);
  });

  it('implements has() with cel-go rules', () => {
    const patch = { status: { containerStatuses: [{ restartCount: 3 }] } };
    expect(evaluateCel('has(patch.status.containerStatuses[0].restartCount)', { patch })).toBe(true);
    expect(evaluateCel('has(patch.status.phase)', { patch })).toBe(false);
    expect(
      evaluateCel("has(config.spec.selector) && has(config.spec.selector.name) ? config.spec.selector.name : ''", { config: { spec: {} } }),
    ).toBe('');
  });
});

describe('errors', () => {
  it('names the problem and its line:column', () => {
    expect(() => evaluateCel('1 +')).toThrow('cel: 1:4: Unexpected token: EOF');
    expect(() => evaluateCel('x.y.z', { x: {} })).toThrow('cel: 1:3: No such key: y');
    expect(() => evaluateCel("'a' + 1")).toThrow('cel: 1:1: no such overload: string + int');
    expect(() => evaluateCel("time.Parse('2006', 'x')")).toThrow('cel: 1:1: parsing time "x" as "2006": cannot parse "x" as "2006"');
    expect(() => evaluateCel('a &&\n  (b ||')).toThrow(/^cel: 2:/);
  });

  it('validates without evaluating, and parses syntax only on request', () => {
    expect(validateCel('size(x) > 0')).toBeUndefined();
    const err = validateCel('foo(1)');
    expect(err).toBeInstanceOf(ExprError);
    expect(err?.message).toBe("cel: 1:1: found no matching overload for 'foo(int)'");
    expect(err?.position).toEqual({ line: 1, column: 1, offset: 0 });
    expect(() => parseCel('failure() || success()')).not.toThrow();
    expect(() => parseCel('bad delay expression')).toThrow(/^cel: 1:5: Unexpected character/);
  });

  it('stops runaway evaluation with the step budget', () => {
    const started = Date.now();
    expect(() => evaluateCel('range(1000).map(x, range(1000).map(y, range(1000).map(z, z)))')).toThrow(
      'cel: evaluation exceeded the step budget of 1000000 steps',
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(() => evaluateCel('range(10).map(x, range(10).map(y, y))', {}, { budget: 50 })).toThrow(/step budget of 50/);
    expect(evaluateCel('range(10).map(x, x).size()', {}, { budget: 50 })).toBe(10);
  });

  it('never reaches host objects', () => {
    expect(() => evaluateCel('x.constructor', { x: {} })).toThrow('No such key: constructor');
    expect(() => evaluateCel("x['__proto__']", { x: {} })).toThrow('No such key: __proto__');
    expect(() => evaluateCel("'a'.constructor")).toThrow(/Cannot index type 'string'/);
    expect(() => evaluateCel('f.call()', { f: () => 1 })).toThrow(ExprError);
    expect(evaluateCel("x['__proto__'].polluted", { x: JSON.parse('{"__proto__": {"polluted": 1}}') as unknown })).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('CelEnvironment with engine functions', () => {
  const env = new CelEnvironment([
    { name: 'success', params: [], returns: 'bool', handler: () => true },
    { name: 'db.external_users', params: ['string'], returns: 'list', handler: (id: string) => [{ id, aliases: ['a', 'b'], n: 2 }] },
    { receiver: 'string', name: 'shout', params: [], returns: 'string', handler: (s: string) => `${s.toUpperCase()}!` },
    { name: 'half', params: ['int'], returns: 'double', handler: (n: number) => n / 2 },
  ]);

  it('calls them with plain values and converts their results', () => {
    expect(env.evaluate('success() && db.external_users("s")[0].aliases.contains("b")')).toBe(true);
    expect(env.evaluate('size(db.external_users(scraper_id)) == 1 && db.external_users(scraper_id)[0].n == 2', { scraper_id: 'x' })).toBe(
      true,
    );
    expect(env.evaluate("'hi'.shout()")).toBe('HI!');
    expect(env.evaluate('half(3) == 1.5')).toBe(true);
    expect(env.functionNames().has('db.external_users')).toBe(true);
  });

  it('keeps them out of the default environment', () => {
    expect(validateCel('success()')?.reason).toBe("found no matching overload for 'success()'");
    expect(env.validate('success()')).toBeUndefined();
  });
});
