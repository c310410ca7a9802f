import { describe, expect, it } from 'vitest';
import { searchPattern } from './search-pattern.js';

describe('searchPattern', () => {
  it('matches names containing the query once it holds three letters or digits in a row', () => {
    expect(searchPattern('Redis')).toEqual({ lower: 'redis', prefix: 'redis%', contains: '%Redis%' });
    expect(searchPattern('pod-42').contains).toBe('%pod-42%');
    expect(searchPattern('ünï').contains).toBe('%ünï%');
  });

  it('matches only the start of names for shorter queries, which no trigram index could serve', () => {
    for (const q of ['ab', 'a-b', '::', '1.2']) expect(searchPattern(q).contains).toBeNull();
    expect(searchPattern('AB').prefix).toBe('ab%');
  });

  it('escapes LIKE wildcards so they match themselves', () => {
    expect(searchPattern('100%_done\\x')).toEqual({
      lower: '100%_done\\x',
      prefix: '100\\%\\_done\\\\x%',
      contains: '%100\\%\\_done\\\\x%',
    });
  });
});
