import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({}, '1.2.3');
    expect(c.PORT).toBe(8080);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.OPS_ADMIN_EMAIL).toBe('admin@ops.local');
    expect(c.dataDir.endsWith('.data')).toBe(true);
    expect(c.version).toBe('1.2.3');
  });

  it('names every bad variable in one message', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', OPS_ADMIN_PASSWORD: 'short' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).toContain('PORT');
    expect(msg).toContain('DATABASE_URL: must start with postgres://');
    expect(msg).toContain('OPS_ADMIN_PASSWORD: must be at least 8 characters');
  });

  it('takes CORS origins as bare origins only', () => {
    expect(loadConfig({ OPS_CORS_ORIGINS: 'https://app.example.com, http://localhost:3000' }).OPS_CORS_ORIGINS).toBe(
      'https://app.example.com, http://localhost:3000',
    );
    expect(loadConfig({}).OPS_CORS_ORIGINS).toBe('');
    expect(() => loadConfig({ OPS_CORS_ORIGINS: 'https://app.example.com/path' })).toThrow(
      /OPS_CORS_ORIGINS: must be comma-separated origins/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });
});
