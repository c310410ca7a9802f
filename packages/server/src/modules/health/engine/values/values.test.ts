import { describe, expect, it } from 'vitest';
import { DurationValue, formatGoDuration } from './duration-value.js';
import { formatMs, parseDurationMs, parseSizeBytes } from './durations.js';
import { resolveConnection, resolveEnvList, resolveEnvVar } from './env-vars.js';
import { createStaticConnectionResolver, createStaticSecretResolver } from './secrets.js';

describe('durations and sizes', () => {
  it('parses Go durations with d, w and y', () => {
    expect(parseDurationMs('1h30m')).toBe(5_400_000);
    expect(parseDurationMs('7d')).toBe(604_800_000);
    expect(parseDurationMs('1.5s')).toBe(1500);
    expect(parseDurationMs('250ms')).toBe(250);
    expect(parseDurationMs('-2m')).toBe(-120_000);
    expect(parseDurationMs('0')).toBe(0);
    expect(parseDurationMs('5')).toBeUndefined();
    expect(parseDurationMs('soon')).toBeUndefined();
  });

  it('parses sizes in 1024 multiples like datasize', () => {
    expect(parseSizeBytes('512')).toBe(512);
    expect(parseSizeBytes('10MB')).toBe(10 * 1024 ** 2);
    expect(parseSizeBytes('1.5Gi')).toBe(1.5 * 1024 ** 3);
    expect(parseSizeBytes(42)).toBe(42);
    expect(parseSizeBytes('12 parsecs')).toBeUndefined();
  });

  it('formats durations as Go does and short forms for messages', () => {
    expect(formatGoDuration(0)).toBe('0s');
    expect(formatGoDuration(0.35)).toBe('350µs');
    expect(formatGoDuration(12.5)).toBe('12.5ms');
    expect(formatGoDuration(61_500)).toBe('1m1.5s');
    expect(formatGoDuration(3_600_000)).toBe('1h0m0s');
    expect(JSON.stringify({ d: new DurationValue(1500) })).toBe('{"d":"1.5s"}');
    expect(formatMs(850)).toBe('850ms');
    expect(formatMs(90_000)).toBe('1m30s');
  });
});

describe('env values and connections', () => {
  const ctx = {
    namespace: 'prod',
    secrets: createStaticSecretResolver({
      secrets: { 'prod/db': { password: 'p' } },
      configMaps: { settings: { host: 'db.test' } },
      env: { OPS_SECRET_API_TOKEN: 'from-env' },
    }),
    connections: createStaticConnectionResolver({
      'prod/pg': { url: 'postgres://$(username):$(password)@db:5432/app', username: 'app', password: 'pw', properties: { ssl: 'off' } },
    }),
  };

  it('resolves values, secret and config-map references, and the environment fallback', async () => {
    expect(await resolveEnvVar({ value: 'plain' }, ctx, 'f')).toBe('plain');
    expect(await resolveEnvVar('bare', ctx, 'f')).toBe('bare');
    expect(await resolveEnvVar({ valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }, ctx, 'f')).toBe('p');
    expect(await resolveEnvVar({ valueFrom: { configMapKeyRef: { name: 'settings', key: 'host' } } }, ctx, 'f')).toBe('db.test');
    expect(await resolveEnvVar({ valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }, ctx, 'f')).toBe('from-env');
    expect(
      await resolveEnvList(
        [
          { name: 'A', value: '1' },
          { name: 'B', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
        ],
        ctx,
        'env',
      ),
    ).toEqual({ A: '1', B: 'p' });
  });

  it('names what cannot be resolved', async () => {
    await expect(resolveEnvVar({ valueFrom: { secretKeyRef: { name: 'db', key: 'user' } } }, ctx, 'password')).rejects.toThrow(
      'password.valueFrom.secretKeyRef: secret "prod/db" has no key "user"',
    );
    await expect(resolveEnvVar({ valueFrom: { helmRef: { name: 'x' } } }, ctx, 'x')).rejects.toThrow(
      'x.valueFrom.helmRef is not supported here',
    );
    await expect(resolveEnvList([{ value: 'no name' }], ctx, 'env')).rejects.toThrow('env[0].name is required');
  });

  it('resolves connection:// references and fills $(username)/$(password)', async () => {
    const conn = await resolveConnection({ connection: 'connection://prod/pg' }, ctx);
    expect(conn).toMatchObject({ url: 'postgres://app:pw@db:5432/app', username: 'app', properties: { ssl: 'off' } });
    const own = await resolveConnection({ connection: 'connection://pg', username: { value: 'other' } }, ctx);
    expect(own.url).toBe('postgres://other:pw@db:5432/app');
    await expect(resolveConnection({ connection: 'connection://prod/missing' }, ctx)).rejects.toThrow(
      'connection "connection://prod/missing" was not found',
    );
    await expect(resolveConnection({ connection: 'connection://prod/pg' }, { namespace: 'prod' })).rejects.toThrow(
      'no connection store is configured',
    );
  });
});
