import { it, expect } from 'vitest';
import { evaluateCel, validateCel, parseCel, CelEnvironment } from '../cel/index.js';
import { durationFromMs } from '../util/values.js';
it('cel', () => {
  const display = `'\\n' +
          '3 in [1, 2, 4] = ' + string(3 in [1, 2, 4]) + '\\n' +
          ['hello', 'mellow'].join('-') + '\\n' +
          "['a', 'b', 'c', 'd'].slice(1, 3).join(',') = " + ['a', 'b', 'c', 'd'].slice(1, 3).join(',') + '\\n' +
          '"apple".matches("^a.*e$") = ' + string("apple".matches("^a.*e$")) + '\\n' +
          '"world".startsWith("wo") = ' + string("world".startsWith("wo")) + '\\n' +
          '"cherry".contains("err") = ' + string("cherry".contains("err")) + '\\n' +
          " 'TacoCat'.lowerAscii()  = " + 'TacoCat'.lowerAscii() + '\\n' +
          'duration("30m") = ' + string(duration("30m").getSeconds()) + '\\n' +
          'HumanDuration(23212) = ' + HumanDuration(3600) + '\\n'
          + 'HumanSize(1048576) = ' + HumanSize(1048576)  + '\\n'
          + 'SemverCompare("1.2.3", "1.2.4") = ' + string(SemverCompare("1.2.3", "1.2.4")) + '\\n'
          + 'timestamp("1986-12-18T10:00:20.021-05:00") = ' + string(timestamp("1986-12-18T10:00:20.021-05:00").getDayOfMonth()) + '\\n'
          + 'timestamp("1972-01-01T10:00:20.021-05:00") = ' + HumanDuration(time.Now() - timestamp("1986-12-18T10:00:20.021-05:00")) + '\\n'
          +  string(uuid.IsValid(uuid.V4())) + '\\n'
          + crypto.SHA384("hello world") + '\\n'
          + time.ZoneName() + '\\n'
          + string(time.ZoneOffset()) + '\\n'
          + string(time.Parse("2006-01-02", "2023-09-26"))`;
  console.log(evaluateCel(display));
  expect(evaluateCel('matchQuery(.check, "type!=http labels.Expected-Fail!=true")', { check: { type: 'exec', labels: {} } })).toBe(true);
  expect(evaluateCel('matchQuery(.check, "type!=http labels.Expected-Fail!=true")', { check: { type: 'exec', labels: { 'Expected-Fail': 'true' } } })).toBe(false);
  expect(evaluateCel("code in [200,201,301] && sslAge > Duration('7d')", { code: 200, sslAge: durationFromMs(8 * 86400_000) })).toBe(true);
  expect(evaluateCel("string(code).charAt(0)", { code: 200 })).toBe('2');
  expect(evaluateCel("! ('Authorization' in json.headers.keys())", { json: { headers: { A: 'b' } } })).toBe(true);
  expect(evaluateCel("[{'name': 'error_percentage', 'max': 100}].toJSON()")).toBe('[{"max":100,"name":"error_percentage"}]');
  expect(evaluateCel(`dyn(config).filter(item, item.id <= 10).map(item, {"title": item.title, "id": item.id}).toJSON()`, { config: [{ id: 1, title: 'a' }, { id: 11, title: 'b' }] })).toBe('[{"id":1,"title":"a"}]');
  expect(evaluateCel(`jq('.status.conditions[]? | select(.type == "Healthy").message', patch).contains('Health check passed')`, { patch: { status: { conditions: [{ type: 'Healthy', message: 'Health check passed' }] } } })).toBe(true);
  expect(evaluateCel(`time.InTimeRange(event_time, "06:00", "07:00")`, { event_time: new Date('2025-01-01T06:30:00Z') })).toBe(true);
  expect(evaluateCel(`'config.config_class != "Cluster" ? true: false'`)).toBeTypeOf('string');
  expect(validateCel('failure()')?.message).toBe("cel: 1:1: found no matching overload for 'failure()'");
  expect(() => parseCel('failure()')).not.toThrow();
  expect(() => parseCel('bad delay expression')).toThrow(/cel: 1:5: /);
  expect(() => evaluateCel('range(1000).map(x, range(1000).map(y, range(1000).map(z, z)))')).toThrow(/step budget/);
  const env = new CelEnvironment([{ name: 'db.users', params: ['string'], returns: 'list', handler: (id: string) => [{ id, n: 1 }] }, { name: 'success', params: [], returns: 'bool', handler: () => true }]);
  expect(env.evaluate("size(db.users('x')) == 1 && db.users('x')[0].n == 1 && success()")).toBe(true);
  expect(() => evaluateCel('time.Parse(1, 2)')).toThrow("cel: 1:1: found no matching overload for 'time.Parse(int, int)'");
  expect(evaluateCel('x.y', { x: { y: 5 } })).toBe(5);
});
