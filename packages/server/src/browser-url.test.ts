import { describe, expect, it } from 'vitest';
import { browserUrl } from './browser-url.js';

describe('browserUrl', () => {
  it('names loopback and wildcard addresses localhost, keeping the port', () => {
    expect(browserUrl('http://127.0.0.1:8080')).toBe('http://localhost:8080');
    expect(browserUrl('http://0.0.0.0:9000')).toBe('http://localhost:9000');
    expect(browserUrl('http://[::1]:8080')).toBe('http://localhost:8080');
  });

  it('keeps other hosts', () => {
    expect(browserUrl('http://10.1.2.3:8080')).toBe('http://10.1.2.3:8080');
    expect(browserUrl('http://ops.internal:8080')).toBe('http://ops.internal:8080');
  });
});
