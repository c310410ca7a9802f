import { describe, expect, it } from 'vitest';
import { withCredentials } from './url-credentials.js';

describe('withCredentials', () => {
  it('puts credentials kept apart into a URL without a user part, encoded', () => {
    expect(withCredentials('postgres://db:5432/app', 'app', 'p@ss:w/rd')).toBe('postgres://app:p%40ss%3Aw%2Frd@db:5432/app');
    expect(withCredentials('postgres://db/app', 'app', undefined)).toBe('postgres://app@db/app');
  });

  it('leaves a URL that has a user part, a key=value string, or no username as they are', () => {
    expect(withCredentials('postgres://u:p@db/app', 'app', 'x')).toBe('postgres://u:p@db/app');
    expect(withCredentials('host=db user=u', 'app', 'x')).toBe('host=db user=u');
    expect(withCredentials('postgres://db/app', undefined, 'x')).toBe('postgres://db/app');
  });
});
