import { describe, expect, it } from 'vitest';
import { splitLinks } from './log-links';

describe('splitLinks', () => {
  it('links only http and https URLs, leaving trailing punctuation as text', () => {
    expect(splitLinks('GET https://api.example.com/v1?x=1, then http://a.b/c.')).toEqual([
      { text: 'GET ' },
      { text: 'https://api.example.com/v1?x=1', href: 'https://api.example.com/v1?x=1' },
      { text: ', then ' },
      { text: 'http://a.b/c', href: 'http://a.b/c' },
      { text: '.' },
    ]);
  });

  it('never links other schemes', () => {
    for (const message of ['javascript:alert(1)', 'see file:///etc/passwd', 'ftp://x.y/z', 'data:text/html,<b>x</b>', 'mailto:a@b.c']) {
      expect(splitLinks(message)).toEqual([{ text: message }]);
    }
    expect(splitLinks('xhttps://evil')).toEqual([{ text: 'xhttps://evil' }]);
  });

  it('returns one text part for a message without links', () => {
    expect(splitLinks('plain line with http in it')).toEqual([{ text: 'plain line with http in it' }]);
  });
});
