import { describe, expect, it } from 'vitest';
import { resolveConnection, type GlobalOptions } from './connection.js';

const opts = (o: Partial<GlobalOptions> = {}): GlobalOptions => ({ output: 'table', ...o });
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('resolveConnection', () => {
  it('defaults to the local server without credentials', () => {
    expect(resolveConnection(opts(), {})).toEqual({ server: 'http://127.0.0.1:8080' });
  });

  it('reads the server and credentials from the environment, a token before a user', () => {
    expect(resolveConnection(opts(), { OPS_SERVER: 'https://ops.example/', OPS_TOKEN: 'tok', OPS_USER: 'u', OPS_PASSWORD: 'p' })).toEqual({
      server: 'https://ops.example',
      authorization: 'Bearer tok',
    });
    expect(resolveConnection(opts(), { OPS_USER: 'u', OPS_PASSWORD: 'p' }).authorization).toBe(basic('u', 'p'));
  });

  it('lets flags win over the environment', () => {
    const env = { OPS_SERVER: 'http://env:1', OPS_TOKEN: 'env-token', OPS_PASSWORD: 'env-pass' };
    expect(resolveConnection(opts({ server: 'http://flag:2', user: 'me' }), env)).toEqual({
      server: 'http://flag:2',
      authorization: basic('me', 'env-pass'),
    });
    expect(resolveConnection(opts({ token: 'flag-token' }), { OPS_USER: 'u', OPS_PASSWORD: 'p' }).authorization).toBe('Bearer flag-token');
  });

  it('refuses contradictory or incomplete options as usage errors (exit 2)', () => {
    const err = (o: Partial<GlobalOptions>, env = {}) => {
      try {
        resolveConnection(opts(o), env);
      } catch (e) {
        return [(e as Error).message, (e as { exitCode: number }).exitCode];
      }
      return undefined;
    };
    expect(err({ token: 't', user: 'u' })).toEqual(['use either --token or --user/--password, not both', 2]);
    expect(err({ user: 'u' })).toEqual(['--password (or OPS_PASSWORD) is required with --user', 2]);
    expect(err({ password: 'p' })).toEqual(['--password needs --user', 2]);
    expect(err({ server: 'ftp://x' })).toEqual(['--server: ftp://x is not an http(s) URL', 2]);
    expect(err({ token: '' })).toEqual(['--token must not be empty', 2]);
  });
});
