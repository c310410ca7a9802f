import { describe, expect, it } from 'vitest';
import { allowedBackendOrigins, checkBackendUrl, isAllowedBackend } from './backend-urls.js';

describe('organisation backend allow-list', () => {
  it('allows only the console itself when OPS_ORG_BACKEND_URLS is empty', () => {
    const allowed = allowedBackendOrigins('', 'http://127.0.0.1:8080');
    expect(allowed).toEqual(['http://127.0.0.1:8080']);
    expect(checkBackendUrl('http://127.0.0.1:8080/', allowed)).toBe('http://127.0.0.1:8080');
    expect(() => checkBackendUrl('http://127.0.0.1:9999', allowed)).toThrow(
      /not allowed: it must be one of the origins in OPS_ORG_BACKEND_URLS/,
    );
  });

  it('reads comma-separated origins, ignoring blanks and trailing slashes', () => {
    expect(allowedBackendOrigins(' https://a.example.com/, ,https://b.example.com:8443', 'http://x')).toEqual([
      'https://a.example.com',
      'https://b.example.com:8443',
    ]);
  });

  it('refuses anything but a bare http(s) origin', () => {
    const allowed = ['https://a.example.com'];
    for (const bad of [
      'https://a.example.com/x',
      'https://u:p@a.example.com',
      'https://a.example.com#x',
      'ftp://a.example.com',
      'not a url',
    ]) {
      expect(() => checkBackendUrl(bad, allowed), bad).toThrow(/backend_url must be/);
    }
  });

  it('re-checks stored addresses: null (this console) always, others only while listed', () => {
    expect(isAllowedBackend(null, [])).toBe(true);
    expect(isAllowedBackend('https://a.example.com', ['https://a.example.com'])).toBe(true);
    expect(isAllowedBackend('https://evil.example.com', ['https://a.example.com'])).toBe(false);
  });
});
