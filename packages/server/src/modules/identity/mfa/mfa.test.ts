import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { SecretBox } from '../secret-box.js';
import { findLookupCode, newLookupCodes, storedLookupCodes } from './lookup-secrets.js';
import { checkTotp, newTotpSecret, totpUrl } from './totp.js';

describe('TOTP', () => {
  it('accepts the current step and one either side, not two away, and never a step at or before the last one', async () => {
    const secret = newTotpSecret();
    const now = Math.floor(Date.now() / 1000);
    const at = (offset: number) => generate({ secret, epoch: now + offset });
    const step = Math.floor(now / 30);
    expect(await checkTotp(secret, await at(0))).toBe(step);
    expect(await checkTotp(secret, await at(-30))).toBe(step - 1);
    expect(await checkTotp(secret, await at(30))).toBe(step + 1);
    expect(await checkTotp(secret, await at(-75))).toBeUndefined();
    expect(await checkTotp(secret, await at(0), step)).toBeUndefined();
    expect(await checkTotp(secret, 'abcdef')).toBeUndefined();
    expect(totpUrl(secret, 'a@b.c')).toMatch(/^otpauth:\/\/totp\/Ops%20Console:a%40b\.c\?secret=/);
  });
});

describe('backup codes', () => {
  it('are 12 distinct codes stored as hashes and found case-insensitively', () => {
    const codes = newLookupCodes();
    expect(new Set(codes).size).toBe(12);
    const stored = storedLookupCodes(codes);
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    expect(findLookupCode(stored, codes[3]!.toUpperCase())).toEqual({ index: 3, used: false });
    expect(findLookupCode(stored, 'nope')).toBeUndefined();
  });
});

describe('SecretBox', () => {
  it('round-trips and refuses tampering or another key', () => {
    const box = SecretBox.fromConfig(loadConfig({ OPS_SECRET_KEY: 'k'.repeat(40) }));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    const other = SecretBox.fromConfig(loadConfig({ OPS_SECRET_KEY: 'o'.repeat(40) }));
    expect(() => other.open(sealed)).toThrow();
    expect(() => box.open(`${sealed.slice(0, -2)}AA`)).toThrow();
  });
});
