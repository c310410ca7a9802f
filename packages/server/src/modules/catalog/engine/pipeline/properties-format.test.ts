import { describe, expect, it } from 'vitest';
import { parseProperties } from './properties-format.js';

describe('parseProperties', () => {
  it('reads key = value, key: value and key value lines, cutting inline comments after a tab or an unquoted #', () => {
    const text = [
      '# comment',
      '! also a comment',
      "data_directory = '/var/lib/postgresql/data'\t\t# use data in another directory",
      "ssl_ciphers = 'HIGH:MEDIUM:+3DES:!aNULL' # allowed SSL ciphers",
      'max_slot_wal_keep_size = 1024   # in megabytes',
      "log_line_prefix = '%h %m [%p] # not a comment '",
      'colon: value',
      'spaced value here',
      'empty =',
      'multi = one \\',
      '   two',
      'escaped\\ key = tab\\tend',
      'unicode = caf\\u00e9',
    ].join('\n');
    expect(parseProperties(text)).toEqual({
      data_directory: "'/var/lib/postgresql/data'",
      ssl_ciphers: "'HIGH:MEDIUM:+3DES:!aNULL'",
      max_slot_wal_keep_size: '1024',
      log_line_prefix: "'%h %m [%p] # not a comment '",
      colon: 'value',
      spaced: 'value here',
      empty: '',
      multi: 'one two',
      'escaped key': 'tab',
      unicode: 'café',
    });
  });

  it('keeps a "__proto__" key as data', () => {
    const out = parseProperties('__proto__ = x');
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});
