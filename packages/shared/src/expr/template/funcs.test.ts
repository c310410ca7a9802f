import { describe, expect, it } from 'vitest';
import { renderTemplate, templateFunctionNames } from './index.js';

const r = (t: string, data: unknown = {}) => renderTemplate(t, data);

describe('template functions (gomplate / Sprig)', () => {
  it('renders the fixtures’ functions: toJSONPretty, jq, eq', () => {
    expect(r('{{. | toJSONPretty " " }}', { url: 'u', user: 'hello' })).toBe('{\n "url": "u",\n "user": "hello"\n}');
    const config = {
      tags: { namespace: 'default' },
      name: 'api',
      config: { status: { containerStatuses: [{ state: { waiting: { message: 'back-off' } } }] }, metadata: { labels: { app: 'api' } } },
    };
    const tpl =
      "{{.config.tags.namespace}}/{{.config.name}}\n{{.config.config | jq '.status.containerStatuses[0].state.waiting.message' }}\n{{range $k, $v := .config.config.metadata.labels}}**{{$k}}**: {{$v}}{{end}}";
    expect(r(tpl, { config })).toBe('default/api\nback-off\n**app**: api');
    expect(r('{{if eq .component.status "error"}}bad{{else}}#FFA700{{end}}', { component: { status: 'warning' } })).toBe('#FFA700');
  });

  it.each<[string, string]>([
    ['{{ "Hello" | toUpper }} {{ "Hello" | lower }} {{ title "hello world" }}', 'HELLO hello Hello World'],
    ['{{ trim "  x " }}|{{ trim "xxaxx" "x" }}|{{ "pre-x" | trimPrefix "pre-" }}|{{ "x.go" | trimSuffix ".go" }}', 'x|a|x|x'],
    ['{{ "a-b-c" | replace "-" "_" }} {{ replaceAll "a" "o" "banana" }}', 'a_b_c bonono'],
    ['{{ contains "cherry" "err" }} {{ hasPrefix "world" "wo" }} {{ hasSuffix "world" "ld" }}', 'true true true'],
    ['{{ split "a,b" "," }} {{ join (split "a,b" ",") "+" }} {{ join "-" (list 1 2) }}', '[a b] a+b 1-2'],
    ['{{ quote "a" 1 }} {{ squote "b" }} {{ shellQuote "it\'s" }}', `"a" "1" 'b' 'it'"'"'s'`],
    ['{{ indent 2 "a\\nb" }}|{{ nindent 1 "x" }}', '  a\n  b|\n x'],
    ['{{ repeat 3 "ab" }} {{ trunc 2 "hello" }} {{ abbrev 6 "KubernetesPod" }} {{ slug "Hello World!" }}', 'ababab he Kub... hello-world'],
    ['{{ humanDuration 3600 }} {{ humanSize 1048576 }} {{ semverCompare ">=1.2" "1.3.0" }}', '3.6µs 1M true'],
    ['{{ strings.ToUpper "a" }} {{ strings.CamelCase "hello world" }} {{ strings.Split "," "a,b" }}', 'A HelloWorld [a b]'],
    ['{{ toJSON (dict "b" 1 "a" (list 1 "x")) }}', '{"a":[1,"x"],"b":1}'],
    ['{{ (json `{"hello":"world"}`).hello }} {{ index (jsonArray `[1,2]`) 1 }} {{ data.ToJSON (dict "a" 1) }}', 'world 2 {"a":1}'],
    ['{{ jsonpath "$.a[1]" (dict "a" (list 1 2)) }} {{ `{"a":{"b":3}}` | jq ".a.b" }}', '2 3'],
    [
      '{{ b64enc "hi" }} {{ b64dec "aGk=" }} {{ base64.Decode "aGk=" }} {{ sha256sum "hello" | trunc 8 }} {{ crypto.SHA1 "hello" | trunc 6 }}',
      'aGk= hi hi 2cf24dba aaf4c6',
    ],
    [
      '{{ regexp.Replace "a(x*)b" "${1}W" "-ab-axxb-" }} {{ regexp.Match "^h.llo" "hello" }} {{ regexp.FindAll "a." -1 "banana" }}',
      '-W-xxW- true [an an]',
    ],
    ['{{ uuid.IsValid (uuid.V4) }} {{ len uuidv4 }}', 'true 36'],
    [
      '{{ $d := dict "foo" 1 "bar" 2 }}{{ keys $d }} {{ values $d }} {{ has $d "foo" }} {{ has (list 1 2) 3 }}',
      '[bar foo] [2 1] true false',
    ],
    [
      '{{ merge (dict "foo" 8) (dict "foo" 1 "bar" 2) }} {{ pick "foo" (dict "foo" 1 "bar" 2) }} {{ omit "foo" (dict "foo" 1 "bar" 2) }}',
      'map[bar:2 foo:8] map[foo:1] map[bar:2]',
    ],
    [
      '{{ list 1 2 | append 3 }} {{ list 2 | prepend 1 }} {{ uniq (list 1 2 1) }} {{ reverse (list 1 2) }} {{ sort (list 3 1 2) }} {{ first (list 1 2) }} {{ last (list 1 2) }}',
      '[1 2 3] [1 2] [1 2] [2 1] [1 2 3] 1 2',
    ],
    [
      '{{ "" | default "foo" }} {{ "bar" | default "baz" }} {{ empty "" }} {{ coalesce "" 0 "c" }} {{ ternary "y" "n" true }}',
      'foo bar true c y',
    ],
    [
      '{{ toString 5 }} {{ toInt "42" }} {{ atoi "0x1F" }} {{ toFloat "1.5" }} {{ toBool "yes" }} {{ conv.ToInt "7" }}',
      '5 42 31 1.5 true 7',
    ],
    [
      '{{ add 1 2 3 }} {{ sub 5 2 }} {{ mul 2 3 }} {{ div 7 2 }} {{ mod 7 2 }} {{ max 1 5 3 }} {{ min 1 5 3 }} {{ add1 1 }}',
      '6 3 6 3 1 5 1 2',
    ],
    ['{{ math.Div 3 2 }} {{ math.Round 2.5 }} {{ math.Pow 2 10 }} {{ seq 3 }} {{ math.Seq 10 6 2 }}', '1.5 3 1024 [1 2 3] [10 8 6]'],
    ['{{ date "2006-01-02" .t }} {{ (time.Parse "2006-01-02" "2023-09-26").Unix }} {{ unixEpoch .t }}', '2023-09-26 1695686400 1695686400'],
  ])('%s', (tpl, out) => expect(r(tpl, { t: new Date('2023-09-26T00:00:00Z') })).toBe(out));

  it('reports function errors with the call site', () => {
    expect(() => r('{{ required "name is required" .name }}')).toThrow(
      'template: 1:4: executing at <required>: error calling required: name is required',
    );
    expect(() => r('{{ fail "boom" }}')).toThrow('error calling fail: boom');
    expect(() => r('{{ json "[1]" }}')).toThrow('json: the text is not a JSON object');
    expect(() => r('{{ jq ".[" . }}')).toThrow('jq: 1:3: syntax error: unexpected end of input');
  });

  it('lists the functions it knows', () => {
    expect(templateFunctionNames()).toEqual(expect.arrayContaining(['eq', 'printf', 'toJSONPretty', 'jq', 'default', 'strings', 'base64']));
  });
});
