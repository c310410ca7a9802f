import { describe, expect, it } from 'vitest';
import { lineHash, messageFingerprint, messageTemplate } from './fingerprint.js';
import { toLogLine } from './log-line.js';

describe('messageTemplate', () => {
  it('masks words holding digits and keeps keys, brackets and punctuation around them', () => {
    expect(messageTemplate('new request received: 2025-05-08T11:40:00Z')).toBe('new request received: <*>');
    expect(messageTemplate('GET /users/42 took 12ms (from 10.0.0.1:8080), id=550e8400-e29b-41d4-a716-446655440000.')).toBe(
      'GET <*> took <*> (from <*>), id=<*>.',
    );
    expect(messageTemplate('user="u1" saved')).toBe('user="<*>" saved');
  });

  it('returns text without digits unchanged', () => {
    expect(messageTemplate('connection refused')).toBe('connection refused');
    expect(messageTemplate('')).toBe('');
  });
});

describe('fingerprints', () => {
  it('are equal for messages that differ only in variable words, and differ otherwise', () => {
    expect(messageFingerprint('took 12ms at 10:40')).toBe(messageFingerprint('took 30ms at 11:02'));
    expect(messageFingerprint('connection refused')).not.toBe(messageFingerprint('connection reset'));
    expect(messageFingerprint('a')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('hash the effective message and keep a hash the line already has', () => {
    const fromLabel = toLogLine({ labels: { msg: 'disk 91% full' } });
    expect(lineHash(fromLabel)).toBe(messageFingerprint('disk 91% full'));
    expect(fromLabel.hash).toBe(messageFingerprint('disk 91% full'));
    expect(lineHash(toLogLine({ message: 'x', hash: 'given' }))).toBe('given');
  });
});
