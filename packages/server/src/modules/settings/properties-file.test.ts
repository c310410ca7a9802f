import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProperties, propertiesFilePath, PropertiesFileError } from './properties-file.js';

describe('properties file', () => {
  it('parses key=value lines, skipping comments and blanks, trimming, keeping "=" in values, last one winning', () => {
    const text = [
      '# feature flags',
      '! also a comment',
      '',
      ' incidents.disable = true ',
      'logs.disable=false',
      'url=http://x/?a=b',
      'empty=',
      'logs.disable=true',
    ].join('\n');
    expect([...parseProperties(text)]).toEqual([
      ['incidents.disable', 'true'],
      ['logs.disable', 'true'],
      ['url', 'http://x/?a=b'],
      ['empty', ''],
    ]);
  });

  it('names the file and line of a malformed entry', () => {
    expect(() => parseProperties('a=1\njust words', 'ops.properties')).toThrow("ops.properties:2: expected key=value, got 'just words'");
    expect(() => parseProperties('bad key=1', 'f')).toThrow("f:1: invalid property name 'bad key'");
    expect(() => parseProperties('=1', 'f')).toThrow(PropertiesFileError);
  });

  it('uses OPS_PROPERTIES_FILE (which must exist), else <dataDir>/ops.properties when present', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ops-props-'));
    expect(propertiesFilePath({ dataDir: dir })).toBeUndefined();
    writeFileSync(path.join(dir, 'ops.properties'), 'a=1');
    expect(propertiesFilePath({ dataDir: dir })).toBe(path.join(dir, 'ops.properties'));
    expect(() => propertiesFilePath({ dataDir: dir, OPS_PROPERTIES_FILE: path.join(dir, 'missing.properties') })).toThrow(
      /OPS_PROPERTIES_FILE: file not found/,
    );
  });
});
