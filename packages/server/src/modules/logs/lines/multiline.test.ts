import { describe, expect, it } from 'vitest';
import { splitLogEntries } from './multiline.js';

describe('splitLogEntries', () => {
  it('joins indented continuation lines (stack traces) onto the entry above', () => {
    const text = [
      '2026-03-13 ERROR request failed',
      'java.lang.IllegalStateException: boom',
      '\tat com.example.Handler.run(Handler.java:42)',
      '    at java.base/java.lang.Thread.run(Thread.java:833)',
      '2026-03-13 INFO next',
    ].join('\r\n');
    expect(splitLogEntries(text)).toEqual([
      '2026-03-13 ERROR request failed',
      'java.lang.IllegalStateException: boom\n\tat com.example.Handler.run(Handler.java:42)\n    at java.base/java.lang.Thread.run(Thread.java:833)',
      '2026-03-13 INFO next',
    ]);
  });

  it('drops blank lines and keeps a leading continuation as its own entry', () => {
    expect(splitLogEntries('  orphan\n\nfirst\n\n  more\n')).toEqual(['  orphan', 'first\n  more']);
    expect(splitLogEntries('')).toEqual([]);
  });
});
