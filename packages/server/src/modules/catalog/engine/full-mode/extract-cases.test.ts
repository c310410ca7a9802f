import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateCel } from '@ops/shared/expr';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MemoryEntityResolver } from './entity-resolver.js';
import { extractFullDocument } from './extract-document.js';
import { resolveAccess, syncEntities } from './resolve-entities.js';

// config-db's extraction cases ({input, pre_populate, assertions}): every CEL assertion must hold
// over our extraction result, mapped to the field names the assertions use.

const REPO = fileURLToPath(new URL('../../../../../../../', import.meta.url));
const CASES = path.resolve(REPO, '../shared/conformance/config-db/scrapers/extract/testdata/unit');
const SCRAPER_ID = '00000000-0000-0000-0000-ffffffffffff';

interface Case {
  input: Record<string, unknown>;
  assertions: string[];
  pre_populate?: {
    users?: Record<string, string>;
    groups?: Record<string, string>;
    roles?: Record<string, string>;
    configs?: Record<string, string>;
  };
}

async function extract(c: Case): Promise<Record<string, unknown>> {
  const doc = extractFullDocument(structuredClone(c.input));
  const resolver = new MemoryEntityResolver(c.pre_populate ?? {});
  await syncEntities(resolver, doc);
  await resolveAccess(resolver, doc, SCRAPER_ID);
  return JSON.parse(
    JSON.stringify({
      config: doc.hasConfig ? doc.config : null,
      changes: doc.changes,
      analysis: doc.analysis,
      access_logs: doc.access_logs,
      config_access: doc.config_access,
      external_users: doc.external_users,
      external_groups: doc.external_groups,
      external_roles: doc.external_roles,
      external_user_groups: doc.external_user_groups,
      summary: doc.summary,
      warnings: doc.warnings.items,
    }),
  ) as Record<string, unknown>;
}

describe('config-db extraction cases (testdata/unit)', () => {
  const files = readdirSync(CASES)
    .filter((f) => f.endsWith('.yaml'))
    .sort();

  it('finds the cases', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  for (const file of files) {
    it(file, async () => {
      const c = parse(readFileSync(path.join(CASES, file), 'utf8')) as Case;
      expect(c.assertions.length).toBeGreaterThan(0);
      const env = await extract(c);
      for (const assertion of c.assertions) {
        expect({ assertion, holds: evaluateCel(assertion, env) }).toEqual({ assertion, holds: true });
      }
    });
  }
});
