// `matches` on RE2 (linear time) instead of cel-js's built-in, which runs JavaScript's backtracking
// RegExp. cel-js cannot replace a built-in overload, so the source rewrite (../rewrite.ts) turns
// `matches(` into `Matches(`, which is registered here in both of cel-go's forms.
import { compileRegex } from '../../util/re2.js';
import type { CelLibrary } from '../registrar.js';

/** Registers `s.matches(re)` and `matches(s, re)`: RE2 syntax, matching anywhere in `s`. */
export const regexLibrary: CelLibrary = (r) => {
  r.method('string', 'Matches', ['string'], 'bool', (s: string, re: string) => compileRegex(re).test(s));
  r.fn('Matches', ['string', 'string'], 'bool', (s: string, re: string) => compileRegex(re).test(s));
};
