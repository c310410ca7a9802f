import { describe, expect, it } from 'vitest';
import { credentialSource, credentialText, isBlankCredential, keyRefParts, makeCredential } from './credential-value';

describe('credential values', () => {
  it('tell the source of a value or reference and round-trip what the user types', () => {
    const cases = [
      ['static', 'hunter2', 'hunter2'],
      ['env', { valueFrom: { env: 'DB_PASSWORD' } }, 'DB_PASSWORD'],
      ['file', { valueFrom: { file: '/run/secrets/db' } }, '/run/secrets/db'],
    ] as const;
    for (const [source, value, text] of cases) {
      expect(credentialSource(value)).toBe(source);
      expect(credentialText(value)).toBe(text);
      expect(makeCredential(source, text)).toEqual(value);
    }
  });

  it('keep Secret and ConfigMap key references brought by YAML', () => {
    const secret = { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } };
    expect(credentialSource(secret)).toBe('secret');
    expect(keyRefParts(secret)).toEqual({ name: 'db', key: 'password' });
    expect(makeCredential('secret', 'db', 'password')).toEqual(secret);
    const configMap = makeCredential('configmap', 'settings', 'url');
    expect(credentialSource(configMap)).toBe('configmap');
    expect(isBlankCredential(makeCredential('secret', 'db', ''))).toBe(true);
    expect(isBlankCredential(configMap)).toBe(false);
  });

  it('count an empty value or a reference without a name as blank', () => {
    expect(isBlankCredential('')).toBe(true);
    expect(isBlankCredential('  ')).toBe(true);
    expect(isBlankCredential(undefined)).toBe(true);
    expect(isBlankCredential({ valueFrom: { env: '' } })).toBe(true);
    expect(isBlankCredential({ valueFrom: { file: 'x' } })).toBe(false);
  });
});
