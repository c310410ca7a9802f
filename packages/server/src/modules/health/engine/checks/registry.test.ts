import { CANARY_CHECK_SCHEMAS, DNS_QUERY_TYPES, RECOGNISED_CHECK_TYPES, RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { LOOKUPS } from './dns/lookups.js';
import { checkType, checkTypeNames, runnableCheckTypes } from './registry.js';

// The editors validate with @ops/shared's check schemas: the engine must use those very schemas, for
// every type it knows, so a field added to a check type reaches both.
describe('check registry and the shared check schemas', () => {
  it('knows exactly the check types the shared Canary schema has', () => {
    expect([...checkTypeNames()].sort()).toEqual(Object.keys(CANARY_CHECK_SCHEMAS).sort());
    expect([...runnableCheckTypes()].sort()).toEqual(Object.keys(RUNNABLE_CHECK_SCHEMAS).sort());
    expect(
      checkTypeNames()
        .filter((t) => !checkType(t)!.run)
        .sort(),
    ).toEqual([...RECOGNISED_CHECK_TYPES].sort());
  });

  it('validates every runnable type with the shared schema itself', () => {
    for (const [type, schema] of Object.entries(RUNNABLE_CHECK_SCHEMAS)) expect(checkType(type)!.schema, type).toBe(schema);
  });

  it('lets dns checks ask for exactly the record types its resolver looks up', () => {
    expect(Object.keys(LOOKUPS).sort()).toEqual([...DNS_QUERY_TYPES].sort());
  });
});
