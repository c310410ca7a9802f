import { describe, expect, it } from 'vitest';
import { normalizeSeverity } from './severity.js';

describe('normalizeSeverity', () => {
  it.each([
    ['WARN', 'warning'],
    ['Warning', 'warning'],
    ['wrn', 'warning'],
    ['ERR', 'error'],
    [' error ', 'error'],
    ['Informational', 'info'],
    ['DBG', 'debug'],
    ['crit', 'critical'],
    ['panic', 'fatal'],
    ['emerg', 'emergency'],
    ['notice', 'notice'],
    ['TRACE', 'trace'],
  ])('maps the name %s to %s', (raw, canonical) => {
    expect(normalizeSeverity(raw)).toBe(canonical);
  });

  it('reads syslog codes 0–7 and pino/bunyan levels', () => {
    expect(['0', '3', '4', '5', '7'].map(normalizeSeverity)).toEqual(['emergency', 'error', 'warning', 'notice', 'debug']);
    expect(['10', '20', '30', '40', '50', '60'].map(normalizeSeverity)).toEqual(['trace', 'debug', 'info', 'warning', 'error', 'fatal']);
  });

  it('keeps unknown levels lower-cased and empty ones empty', () => {
    expect(normalizeSeverity('AUDIT')).toBe('audit');
    expect(normalizeSeverity('8')).toBe('8');
    expect(normalizeSeverity('  ')).toBe('');
  });

  it('does not read Object prototype names as aliases', () => {
    expect(normalizeSeverity('constructor')).toBe('constructor');
    expect(normalizeSeverity('toString')).toBe('tostring');
  });
});
