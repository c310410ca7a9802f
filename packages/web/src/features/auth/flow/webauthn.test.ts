import { describe, expect, it } from 'vitest';
import { webauthnOriginProblem } from './webauthn';

const at = (url: string) => {
  const u = new URL(url);
  return { protocol: u.protocol, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search };
};

describe('webauthnOriginProblem', () => {
  it('sends 127.0.0.1 to localhost on the same port and page', () => {
    expect(webauthnOriginProblem(at('http://127.0.0.1:8080/login?aal=aal2'))).toBe(
      'Security keys do not work on an IP address such as 127.0.0.1. Open http://localhost:8080/login?aal=aal2 instead.',
    );
  });

  it('names other IP addresses and plain http on a host name', () => {
    expect(webauthnOriginProblem(at('http://10.0.0.5:8080/login'))).toContain('such as 10.0.0.5');
    expect(webauthnOriginProblem(at('http://ops.example.com/login'))).toContain('need https on ops.example.com');
  });

  it('accepts localhost and https host names', () => {
    expect(webauthnOriginProblem(at('http://localhost:8080/login'))).toBeUndefined();
    expect(webauthnOriginProblem(at('https://ops.example.com/login'))).toBeUndefined();
  });
});
