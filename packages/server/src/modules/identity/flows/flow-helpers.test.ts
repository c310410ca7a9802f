import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '@ops/shared';
import { csrfHash, csrfToken, csrfValid } from './csrf.js';
import { bodyProblems, flatValues, parseFlowBody } from './flow-body.js';
import { msg } from './nodes.js';
import { emailProblem, passwordProblem } from './password-policy.js';
import { checkReturnTo } from './return-to.js';

describe('checkReturnTo', () => {
  const origin = 'https://ops.example.com';
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['/health?x=1#y', '/health?x=1#y'],
    ['https://ops.example.com/catalog?q=1', '/catalog?q=1'],
    ['https://ops.example.com:444/', null],
    ['https://evil.example.com/', null],
    ['//evil.example.com/', null],
    ['/\\evil.example.com', null],
    ['javascript:alert(1)', null],
    ['/ok\nSet-Cookie: x', null],
    ['relative/path', null],
  ])('%s → %s', (value, expected) => expect(checkReturnTo(value, origin)).toBe(expected));
});

describe('parseFlowBody', () => {
  it('reads JSON and form bodies into one nested shape', () => {
    expect(parseFlowBody('{"method":"password","traits.email":"a@b.c"}', 'application/json')).toEqual({
      ok: true,
      body: { method: 'password', traits: { email: 'a@b.c' } },
    });
    expect(
      parseFlowBody('method=lookup_secret&lookup_secret_confirm=true&traits.name.first=A', 'application/x-www-form-urlencoded'),
    ).toEqual({
      ok: true,
      body: { method: 'lookup_secret', lookup_secret_confirm: true, traits: { name: { first: 'A' } } },
    });
    expect(parseFlowBody('{"provider":"oidc"}', 'application/json')).toEqual({ ok: true, body: { provider: 'oidc', method: 'oidc' } });
  });

  it('refuses malformed bodies and ignores prototype keys', () => {
    for (const raw of ['', '{', '[1]', 'null', '"x"']) expect(parseFlowBody(raw, 'application/json').ok).toBe(false);
    const r = parseFlowBody('{"__proto__":{"admin":true},"constructor.prototype.x":1,"a":1}', 'application/json');
    expect(r).toEqual({ ok: true, body: { a: 1 } });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('flattens values back to node names', () => {
    expect(flatValues({ traits: { email: 'x', name: { first: 'F' } }, method: 'm' })).toEqual({
      'traits.email': 'x',
      'traits.name.first': 'F',
      method: 'm',
    });
  });

  it('turns zod problems into Kratos messages on nodes', () => {
    const missing = loginBodySchema.safeParse({ method: 'password', identifier: 'x' });
    expect(missing.success).toBe(false);
    expect(bodyProblems(missing.error!, msg('loginNoStrategy')).nodeMessages.password?.[0]).toMatchObject({
      id: 4000002,
      text: 'Property password is missing.',
    });
    const noMethod = loginBodySchema.safeParse({});
    expect(bodyProblems(noMethod.error!, msg('loginNoStrategy')).messages.map((m) => m.id)).toEqual([4010002]);
  });
});

describe('CSRF tokens', () => {
  it('bind a flow to its cookie: the token alone or the cookie alone is not enough', () => {
    const cookie = 'ops_c_cookie-value-of-this-browser';
    expect(csrfValid(csrfHash(cookie), cookie, csrfToken(cookie))).toBe(true);
    expect(csrfValid(csrfHash(cookie), 'ops_c_another-browser-cookie-value', csrfToken(cookie))).toBe(false);
    expect(csrfValid(csrfHash(cookie), cookie, 'x'.repeat(64))).toBe(false);
    expect(csrfValid(null, cookie, csrfToken(cookie))).toBe(false);
    expect(csrfValid(csrfHash(cookie), undefined, csrfToken(cookie))).toBe(false);
  });
});

describe('password policy', () => {
  it('follows Kratos: length and similarity to the identifier', () => {
    expect(passwordProblem('short', 'a@b.c')?.text).toBe('The password must be at least 8 characters long, but got 5.');
    expect(passwordProblem('x'.repeat(129), 'a@b.c')?.id).toBe(4000033);
    expect(passwordProblem('jane.doe-2024', 'jane.doe@example.com')?.id).toBe(4000031);
    expect(passwordProblem('correct horse battery', 'jane.doe@example.com')).toBeUndefined();
    expect(emailProblem('a@b')).toBeDefined();
    expect(emailProblem('a@b.co')).toBeUndefined();
  });
});
