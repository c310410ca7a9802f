// Whatever a user sends, parsing either accepts it or refuses it with a CanaryValidationError that
// names a field: never another exception (which an API would turn into a 500).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTypeNames } from '../checks/registry.js';
import { parseCanary } from './parse-canary.js';
import { CanaryValidationError } from './validation-error.js';

const keys = fc.constantFrom(...checkTypeNames().slice(0, 15), 'schedule', 'interval', 'owner', 'unknownField');
const fieldNames = fc.constantFrom(
  'name',
  'url',
  'endpoint',
  'script',
  'query',
  'path',
  'test',
  'display',
  'transform',
  'labels',
  'dependsOn',
  'metrics',
  'responseCodes',
  'env',
);
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('* * * * *', '@every 1m', '8 46 *', 'host:80'),
);
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fieldNames, tie('v'), { maxKeys: 4 })),
})).v;
const entry = fc.dictionary(fieldNames, value, { maxKeys: 5 });
const spec = fc.dictionary(keys, fc.oneof(value, fc.array(entry, { maxLength: 3 })), { maxKeys: 4 });

describe('parseCanary (property)', () => {
  it('accepts or refuses with a CanaryValidationError, never anything else', () => {
    fc.assert(
      fc.property(spec, fc.oneof(fc.string(), fc.constant('demo')), (s, name) => {
        try {
          const parsed = parseCanary({ apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name }, spec: s });
          expect(parsed.checks.every((c) => c.key.startsWith(parsed.key + '/'))).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(CanaryValidationError);
          expect((err as CanaryValidationError).issues.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400 },
    );
  });
});
