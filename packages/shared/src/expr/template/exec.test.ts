import { describe, expect, it } from 'vitest';
import { durationFromMs } from '../util/values.js';
import { renderTemplate } from './index.js';

describe('Go template execution', () => {
  it('reads fields of maps, with Go missing-key rules', () => {
    expect(renderTemplate('{{ .check.name }}', { check: { name: 'c' } })).toBe('c');
    expect(renderTemplate('{{ .missing }}|{{ .a.b.c }}', {})).toBe('<no value>|<no value>');
    expect(renderTemplate('{{ .n }}', { n: null })).toBe('<no value>');
    expect(renderTemplate('{{ .missing }}', {}, { noValue: '' })).toBe('');
    expect(() => renderTemplate('{{ .a.b }}', { a: null })).toThrow(
      'template: 1:4: executing at <.a.b>: nil pointer evaluating interface {}.b',
    );
    expect(() => renderTemplate('{{ .a }}', {}, { missingKey: 'error' })).toThrow('map has no entry for key "a"');
    expect(() => renderTemplate('{{ .a.b }}', {}, { missingKey: 'zero' })).toThrow('nil pointer evaluating interface {}.b');
    expect(() => renderTemplate('{{ .l.x }}', { l: [1] })).toThrow("can't evaluate field x in type list");
    expect(() => renderTemplate('{{ .a 1 }}', { a: 'x' })).toThrow('a is not a method but has arguments');
  });

  it('prints values the way Go does', () => {
    expect(
      renderTemplate('{{ .l }} {{ .m }} {{ .f }} {{ .b }} {{ .d }}', {
        l: [1, 'a'],
        m: { b: 2, a: 1 },
        f: 2.5,
        b: false,
        d: durationFromMs(90_000),
      }),
    ).toBe('[1 a] map[a:1 b:2] 2.5 false 1m30s');
    expect(renderTemplate('code={{.code}}, age={{.sslAge}}', { code: 200, sslAge: durationFromMs(3_600_000) })).toBe(
      'code=200, age=1h0m0s',
    );
  });

  it('runs if / else if / else, with and their scopes', () => {
    const t = '{{ if .a }}A{{ else if .b }}B{{ else }}C{{ end }}';
    expect([renderTemplate(t, { a: 1 }), renderTemplate(t, { b: 'x' }), renderTemplate(t, { a: 0, b: [] })]).toEqual(['A', 'B', 'C']);
    expect(renderTemplate('{{ with .a }}{{ .b }}{{ else with .c }}{{ . }}{{ else }}none{{ end }}', { c: 'C' })).toBe('C');
    expect(renderTemplate('Has communicator: {{if .incident.communicator_id}}Yes{{else}}No{{end}}', { incident: {} })).toBe(
      'Has communicator: No',
    );
  });

  it('ranges over lists, maps (sorted keys) and integers, with break, continue and else', () => {
    expect(renderTemplate('{{ range $i, $v := .l }}{{ $i }}={{ $v }} {{ end }}', { l: ['a', 'b'] })).toBe('0=a 1=b ');
    expect(renderTemplate('{{ range $k, $v := .m }}{{ $k }}:{{ $v }};{{ end }}', { m: { z: 1, a: 2 } })).toBe('a:2;z:1;');
    expect(renderTemplate('{{ range $i := .config }}{{ .id }}{{ end }}', { config: [{ id: 1 }, { id: 2 }] })).toBe('12');
    expect(renderTemplate('{{ range 3 }}{{ . }}{{ end }}', {})).toBe('012');
    expect(
      renderTemplate('{{ range .l }}{{ if eq . 2 }}{{ continue }}{{ end }}{{ if eq . 4 }}{{ break }}{{ end }}{{ . }}{{ end }}', {
        l: [1, 2, 3, 4, 5],
      }),
    ).toBe('13');
    expect(renderTemplate('{{ range .none }}x{{ else }}empty{{ end }}', {})).toBe('empty');
    expect(() => renderTemplate('{{ range .s }}{{ end }}', { s: 'abc' })).toThrow("range can't iterate over abc");
  });

  it('keeps variables in their scope and assigns with =', () => {
    expect(renderTemplate('{{ $x := 1 }}{{ range .l }}{{ $x = . }}{{ end }}{{ $x }}', { l: [1, 2, 3] })).toBe('3');
    expect(renderTemplate('{{ range .l }}{{ $y := . }}{{ end }}{{ $ }}', { l: [1] })).toBe('map[l:[1]]');
    expect(renderTemplate('{{ range .l }}{{ $.top }}{{ end }}', { l: [1, 2], top: 't' })).toBe('tt');
  });

  it('defines and calls templates, and blocks', () => {
    expect(renderTemplate('{{ define "T" }}Hello {{ .thing }}!{{ end }}{{ template "T" (dict "thing" "world") }}', {})).toBe(
      'Hello world!',
    );
    expect(renderTemplate('[{{ block "B" . }}default {{ . }}{{ end }}]', 'x')).toBe('[default x]');
    expect(() => renderTemplate('{{ template "nope" }}', {})).toThrow('no such template "nope"');
    expect(() => renderTemplate('{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" . }}', {})).toThrow(
      'exceeded maximum template depth (100)',
    );
  });

  it('evaluates the built-in functions', () => {
    expect(renderTemplate('{{ and 1 0 }} {{ and 1 2 }} {{ or 0 "" }} {{ or 0 "x" }} {{ not 0 }}', {})).toBe('0 2  x true');
    expect(renderTemplate('{{ len .s }} {{ len .l }} {{ len .m }}', { s: 'héllo', l: [1, 2], m: { a: 1 } })).toBe('6 2 1');
    expect(renderTemplate('{{ index .l 1 }} {{ index .m "k" }} {{ index .n 0 1 }}', { l: ['a', 'b'], m: { k: 'v' }, n: [[1, 2]] })).toBe(
      'b v 2',
    );
    expect(renderTemplate('{{ slice .s 1 3 }} {{ slice .l 1 }}', { s: 'hello', l: [1, 2, 3] })).toBe('el [2 3]');
    expect(renderTemplate('{{ print 1 2 "a" }}|{{ println "x" 1 }}|{{ printf "%05.1f" 3.14159 }}', {})).toBe('1 2a|x 1\n|003.1');
    expect(renderTemplate('{{ html "<a href=\'x\'>&</a>" }} {{ js "it\'s <b>" }} {{ urlquery "a b&c" }}', {})).toBe(
      "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt; it\\'s \\u003Cb\\u003E a+b%26c",
    );
    expect(renderTemplate('{{ eq .s "a" "b" }} {{ ne 1 2 }} {{ lt 1 2 }} {{ le 2 2 }} {{ gt "b" "a" }} {{ ge 1 2 }}', { s: 'b' })).toBe(
      'true true true true true false',
    );
    expect(renderTemplate('{{ call .f 2 }}', { f: (n: number) => n * 3 })).toBe('6');
    expect(() => renderTemplate('{{ eq 1 "a" }}', {})).toThrow('error calling eq: incompatible types for comparison');
    expect(() => renderTemplate('{{ index .l 5 }}', { l: [] })).toThrow('error calling index: index out of range: 5');
  });

  it('calls methods on times and durations, and namespace functions', () => {
    expect(
      renderTemplate('{{ .t.Format "2006-01-02" }} {{ .t.Unix }} {{ .d.Seconds }}', {
        t: new Date('2023-09-26T10:00:00Z'),
        d: durationFromMs(1500),
      }),
    ).toBe('2023-09-26 1695722400 1.5');
    expect(renderTemplate('{{ base64.Encode "hi" }} {{ "HI" | strings.ToLower }}', {})).toBe('aGk= hi');
    expect(() => renderTemplate('{{ strings.Nope "x" }}', {})).toThrow("can't evaluate field Nope in type *funcs.strings");
  });

  it('stops runaway templates', () => {
    expect(() => renderTemplate('{{ range 1000 }}{{ range 1000 }}{{ range 1000 }}x{{ end }}{{ end }}{{ end }}', {})).toThrow(/step budget/);
    expect(() => renderTemplate('{{ range 100 }}{{ $.s }}{{ end }}', { s: 'x'.repeat(1000) }, { maxOutput: 5000 })).toThrow(
      'template: output exceeds 5000 characters',
    );
    expect(() => renderTemplate('{{ range 5 }}{{ . }}{{ end }}', {}, { budget: 5 })).toThrow(
      'template: evaluation exceeded the step budget of 5 steps',
    );
  });

  it('never reaches host objects', () => {
    const f = () => 'secret source';
    expect(() => renderTemplate('{{ .f.constructor }}', { f })).toThrow("can't evaluate field constructor in type function");
    expect(() => renderTemplate('{{ .s.length }}', { s: 'abc' })).toThrow("can't evaluate field length in type string");
    expect(renderTemplate('{{ .m.constructor }}|{{ index .m "__proto__" }}|{{ .m.toString }}', { m: {} })).toBe(
      '<no value>|<no value>|<no value>',
    );
    expect(renderTemplate('{{ .f }}', { f })).toBe('<func>');
    expect(() => renderTemplate('{{ toString.constructor }}', {})).toThrow("can't evaluate field constructor in type string");
  });

  it('lets engines add functions', () => {
    expect(renderTemplate('{{ shout .name }}', { name: 'a' }, { funcs: { shout: (s) => `${String(s).toUpperCase()}!` } })).toBe('A!');
  });
});
