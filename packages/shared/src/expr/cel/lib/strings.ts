// String functions: cel-go's strings extension plus the gomplate/Flanksource additions
// (charAt, replace, reverse, abbrev, camelCase, slug, HumanSize, SemverCompare, urlencode, ...).
import { goSprintf } from '../../util/go-format.js';
import { humanSize } from '../../util/human.js';
import { semverSatisfies } from '../../util/semver.js';
import * as text from '../../util/text.js';
import type { CelLibrary } from '../registrar.js';

const int = (n: bigint | number) => Number(n);

/** Registers the string functions on a CEL environment. */
export const stringsLibrary: CelLibrary = (r) => {
  r.method('string', 'charAt', ['int'], 'string', (s: string, i: bigint) => {
    const chars = [...s];
    if (i < 0n || i > BigInt(chars.length)) throw new Error(`index out of range: ${i}`);
    return chars[int(i)] ?? '';
  });
  r.method('string', 'replace', ['string', 'string'], 'string', (s: string, a: string, b: string) => text.replaceN(s, a, b, -1));
  r.method('string', 'replace', ['string', 'string', 'int'], 'string', (s: string, a: string, b: string, n: bigint) =>
    text.replaceN(s, a, b, int(n)),
  );
  r.method('string', 'replaceAll', ['string', 'string'], 'string', (s: string, a: string, b: string) => text.replaceN(s, a, b, -1));
  r.method('string', 'reverse', [], 'string', (s: string) => [...s].reverse().join(''));
  r.method('string', 'repeat', ['int'], 'string', (s: string, n: bigint) => text.repeatGuarded(s, int(n)));
  r.method('string', 'trimPrefix', ['string'], 'string', (s: string, p: string) => (s.startsWith(p) ? s.slice(p.length) : s));
  r.method('string', 'trimSuffix', ['string'], 'string', (s: string, p: string) => (p && s.endsWith(p) ? s.slice(0, -p.length) : s));
  r.method('string', 'title', [], 'string', (s: string) => text.titleCase(s));
  r.method('string', 'camelCase', [], 'string', (s: string) => text.camelCase(s));
  r.method('string', 'kebabCase', [], 'string', (s: string) => text.kebabCase(s));
  r.method('string', 'snakeCase', [], 'string', (s: string) => text.snakeCase(s));
  r.method('string', 'slug', [], 'string', (s: string) => text.slug(s));
  r.method('string', 'squote', [], 'string', (s: string) => text.squote(s));
  r.method('string', 'shellQuote', [], 'string', (s: string) => text.shellQuote(s));
  r.method('string', 'runeCount', [], 'int', (s: string) => BigInt([...s].length));
  r.method('string', 'sort', [], 'string', (s: string) => [...s].sort().join(''));
  r.method('string', 'abbrev', ['int'], 'string', (s: string, w: bigint) => text.abbrev(s, int(w)));
  r.method('string', 'abbrev', ['int', 'int'], 'string', (s: string, o: bigint, w: bigint) => text.abbrev(s, int(w), int(o)));
  r.method('string', 'indent', ['int', 'string'], 'string', (s: string, w: bigint, p: string) => text.indent(s, int(w), p));
  r.method('string', 'format', ['list'], 'string', (s: string, args: unknown[]) => goSprintf(s, args));
  r.method('string', 'quote', [], 'string', (s: string) => text.goQuote(s));
  r.fn('strings.quote', ['string'], 'string', (s: string) => text.goQuote(s));
  r.fn('urlencode', ['string'], 'string', (s: string) => text.queryEscape(s));
  r.fn('urldecode', ['string'], 'string', (s: string) => text.queryUnescape(s));
  r.fn('HumanSize', ['dyn'], 'string', (v: unknown) => humanSize(typeof v === 'bigint' ? Number(v) : v));
  r.fn('SemverCompare', ['string', 'string'], 'bool', (c: string, v: string) => semverSatisfies(c, v));
};
