import { describe, expect, it } from 'vitest';
import { splitLinks } from './log-links';

describe('splitLinks', () => {
  it('links http and https URLs and leaves trailing punctuation as text', () => {
    expect(splitLinks('see https://example.com/a?b=1. and http://x.io)')).toEqual([
      { text: 'see ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. and ' },
      { text: 'http://x.io', href: 'http://x.io' },
      { text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    for (const line of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://host/x', 'mailto:a@b.c', 'data:text/html,<b>'])
      expect(splitLinks(line)).toEqual([{ text: line }]);
  });

  it('answers the line as one part without links, and nothing for an empty line', () => {
    expect(splitLinks('plain text')).toEqual([{ text: 'plain text' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
