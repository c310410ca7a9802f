import { describe, expect, it } from 'vitest';
import { errorBodyFields, errorBodySchema } from './error-body.schemas.js';

// The bodies the server's error handler (http/errors.ts), its auth hook and the apply planner send.
const SERVER_BODIES = [
  { error: 'Unauthorized', message: 'Authentication required' },
  { error: 'FeatureFlag nope not found', message: 'FeatureFlag nope not found' },
  {
    error: 'querystring.limit: Too small: expected number to be >=1',
    message: 'querystring.limit: Too small: expected number to be >=1',
    details: [{ path: '/limit', message: 'Too small: expected number to be >=1' }],
  },
  {
    error: 'document 2 at line 8 (Nope a): unknown kind Nope',
    message: 'document 2 at line 8 (Nope a): unknown kind Nope',
    details: [{ status: 400, document: 2, line: 8, kind: 'Nope', name: 'a', field: 'kind', message: 'unknown kind Nope' }],
  },
  { error: 'The database is unavailable; try again', message: 'The database is unavailable; try again' },
  { error: 'Internal server error', message: 'Internal server error' },
];

describe('errorBodySchema', () => {
  it.each(SERVER_BODIES)('accepts what the server sends and returns it unchanged: $error', (body) => {
    const parsed = errorBodySchema.parse(body);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(body));
  });

  it('keeps keys it does not declare, after the declared ones (a route schema never drops anything)', () => {
    expect(JSON.stringify(errorBodySchema.parse({ error: 'e', message: 'm', hint: 'h' }))).toBe('{"error":"e","message":"m","hint":"h"}');
  });

  it.each([
    ['no error', { message: 'm' }],
    ['no message', { error: 'e' }],
    ['a flow error (error is an object)', { error: { code: 410, message: 'expired' }, message: 'm' }],
    ['a number message', { error: 'e', message: 3 }],
    ['a string', 'Internal server error'],
    ['null', null],
  ])('rejects a malformed body: %s', (_name, body) => {
    expect(errorBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('errorBodyFields', () => {
  it('reads the typed fields of any answer and nothing of the wrong type', () => {
    expect(errorBodyFields({ error: 'e', message: 'm', details: [1] })).toEqual({ error: 'e', message: 'm', details: [1] });
    expect(errorBodyFields({ code: 'PGRST100', message: 'bad filter', details: null, hint: null })).toEqual({
      message: 'bad filter',
      details: null,
    });
    expect(errorBodyFields({ error: { id: 'self_service_flow_expired' } })).toEqual({});
    expect(errorBodyFields(['e'])).toEqual({});
    expect(errorBodyFields('text')).toEqual({});
    expect(errorBodyFields(undefined)).toEqual({});
  });
});
