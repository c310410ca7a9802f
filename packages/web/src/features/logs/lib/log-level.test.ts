import { describe, expect, it } from 'vitest';
import { levelTone } from './log-level';

describe('levelTone', () => {
  it('groups the spellings of backends and parsers', () => {
    expect(['ERROR', 'fatal', 'E', 'critical', 'panic'].map(levelTone)).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(['warn', 'WARNING', 'W'].map(levelTone)).toEqual(['warning', 'warning', 'warning']);
    expect(['info', 'I', 'notice'].map(levelTone)).toEqual(['info', 'info', 'info']);
    expect(['debug', 'trace'].map(levelTone)).toEqual(['debug', 'debug']);
    expect([undefined, '', 'banana'].map(levelTone)).toEqual(['none', 'none', 'none']);
  });
});
