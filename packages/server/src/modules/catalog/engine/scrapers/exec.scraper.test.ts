import { describe, expect, it } from 'vitest';
import { StaticSecretResolver } from '../context.js';
import { execScraperSchema } from '../spec/scrapers.schema.js';
import { execScraper, parseScriptOutput } from './exec.scraper.js';

const ctx = { baseDir: '.', secrets: new StaticSecretResolver() };
const spec = (script: string) => execScraperSchema.parse({ type: 'T', id: '$.id', script });

describe('exec scraper', () => {
  it('reads JSON, then YAML, then text', () => {
    expect(parseScriptOutput('[{"id":1},{"id":2}]')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(parseScriptOutput('id: a\nv: 1\n')).toEqual([{ id: 'a', v: 1 }]);
    expect(parseScriptOutput('just text: [')).toEqual(['just text: [']);
    expect(parseScriptOutput('  \n')).toEqual([]);
  });

  it('a failing script is an error with its exit code and stderr', async () => {
    const run = await execScraper.scrape(spec('echo broken >&2; exit 3'), ctx, 'exec[0]');
    expect(run.errors).toEqual([{ scraper: 'exec[0]', message: 'script exited with code 3: broken' }]);
    expect(run.complete).toBe(false);
  });

  it('a script running past the timeout is stopped', async () => {
    const started = Date.now();
    const run = await execScraper.scrape(spec('sleep 5'), { ...ctx, timeoutMs: 200 }, 'exec[0]');
    expect(run.errors[0]!.message).toBe('failed to run script: script timed out');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
