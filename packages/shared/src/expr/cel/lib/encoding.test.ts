import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../index.js';

describe('CEL encoding, hashing, uuid and random functions', () => {
  it.each<[string, unknown]>([
    ["base64.encode('hello')", 'aGVsbG8='],
    ["base64.encode(b'hello')", 'aGVsbG8='],
    ["base64.decode('aGVsbG8=') == b'hello'", true],
    ["crypto.SHA1('hello')", 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
    ["crypto.SHA256('hello')", '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
    ["crypto.SHA384('hello world')", 'fdbd8e75a67f29f701a4e040385e2e23986303ea10239211af907fcbb83578b3e417cb71ce646efd0819dd8c088de1bd'],
    ["crypto.MD5('p1')", 'ec6ef230f1828039ee794566b9c58adc'],
    ['uuid.IsValid(uuid.V4())', true],
    ["uuid.IsValid('not-a-uuid')", false],
    ['uuid.Nil()', '00000000-0000-0000-0000-000000000000'],
    ["uuid.Parse('{0B0C1D2E-0000-4000-8000-000000000000}')", '0b0c1d2e-0000-4000-8000-000000000000'],
    ['random.Alpha(12).matches("^[a-zA-Z]{12}$")', true],
    ['random.AlphaNum(8).size()', 8],
    ['random.ASCII(5).size()', 5],
    ["random.Item(['a']) == 'a'", true],
    ['random.Number(3, 3)', 3],
  ])('%s', (expr, want) => expect(evaluateCel(expr)).toEqual(want));

  it('gives a new UUID v4 each time', () => {
    const a = String(evaluateCel('uuid.V4()'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(evaluateCel('uuid.V4()')).not.toBe(a);
  });

  it('names bad input', () => {
    expect(() => evaluateCel("base64.decode('a$b')")).toThrow('illegal base64 data');
    expect(() => evaluateCel("uuid.Parse('x')")).toThrow('invalid UUID "x"');
  });
});
