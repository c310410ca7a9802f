import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderTemplate, validateTemplate } from './index.js';

describe('Go template grammar', () => {
  it('renders text with no actions unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{{')),
        (s) => renderTemplate(s, {}) === s,
      ),
    );
  });

  it('trims whitespace around {{- and -}} markers only', () => {
    expect(renderTemplate('a  {{- .x -}}  b', { x: 1 })).toBe('a1b');
    expect(renderTemplate('a \n\t{{- .x }} b', { x: 1 })).toBe('a1 b');
    expect(renderTemplate('a {{ .x -}} \n b', { x: 1 })).toBe('a 1b');
    expect(renderTemplate('{{-3}}', {})).toBe('-3');
    expect(renderTemplate('{{ 3 -}} x', {})).toBe('3x');
  });

  it('skips comments, including trimmed ones', () => {
    expect(renderTemplate('a{{/* note */}}b', {})).toBe('ab');
    expect(renderTemplate('a {{- /* note */ -}} b', {})).toBe('ab');
  });

  it('reads literals: strings, raw strings, chars, numbers, bools, nil', () => {
    expect(
      renderTemplate('{{ "a\\tb" }}|{{ `raw\\n` }}|{{ \'a\' }}|{{ 0x1F }}|{{ 1_000 }}|{{ 1.5e3 }}|{{ true }}|{{ print nil }}', {}),
    ).toBe('a\tb|raw\\n|97|31|1000|1500|true|<nil>');
  });

  it('parses pipelines, parentheses, chains and variables', () => {
    expect(renderTemplate('{{ .a | printf "%s!" }}', { a: 'x' })).toBe('x!');
    expect(renderTemplate('{{ (index .l 1).name }}', { l: [{}, { name: 'b' }] })).toBe('b');
    expect(renderTemplate('{{ $x := .a }}{{ $x.b }}', { a: { b: 'c' } })).toBe('c');
    expect(renderTemplate('{{ with $v := .a }}{{ $v }}{{ end }}', { a: 'y' })).toBe('y');
  });

  it.each([
    ['abc {{foo}}', 'template: 1:7: function "foo" not defined'],
    ["echo -n '{{bad-template}}'", "template: 1:15: bad character U+002D '-'"],
    ['{{incident.title}}', 'template: 1:3: function "incident" not defined'],
    ['{{ $x }}', 'template: 1:4: undefined variable "$x"'],
    ['{{ if .a }}x', 'template: 1:13: unexpected EOF'],
    ['{{ end }}', 'template: 1:4: unexpected {{end}}'],
    ['{{ else }}', 'template: 1:4: unexpected {{else}}'],
    ['{{ .a', 'template: 1:6: unclosed action'],
    ['{{ "abc }}', 'template: 1:4: unterminated quoted string'],
    ['{{ ) }}', 'template: 1:4: unexpected right paren'],
    ['{{ ( .a }}', 'template: 1:9: unclosed left paren'],
    ['{{ }}', 'template: 1:4: missing value for command'],
    ['{{ 3x }}', 'template: 1:4: bad number syntax: "3x"'],
    ['{{ .a | "x" }}', 'template: 1:9: non executable command in pipeline stage 2'],
    ['{{ "a".b }}', 'template: 1:4: unexpected . after term "\\"a\\""'],
    ['{{ break }}', 'template: 1:4: {{break}} outside {{range}}'],
    ['{{/* a */ b }}', 'template: 1:10: comment ends before closing delimiter'],
    ['line1\n  {{ nope }}', 'template: 2:6: function "nope" not defined'],
  ])('%j → %s', (src, msg) => {
    expect(validateTemplate(src)?.message).toBe(msg);
  });

  it('supports other delimiters, as canary-checker URL templates use', () => {
    expect(renderTemplate('https://$(.user):$(.pass)@host/{{x}}', { user: 'u', pass: 'p' }, { delims: ['$(', ')'] })).toBe(
      'https://u:p@host/{{x}}',
    );
    expect(validateTemplate('$(.a', { delims: ['$(', ')'] })?.message).toBe('template: 1:5: unclosed action');
  });
});
