// The template function map: Go's built-ins plus the gomplate/Sprig functions Flanksource specs use.
import { BUILTINS } from '../builtins.js';
import type { TemplateFunc } from '../values.js';
import { COLL_FUNCS } from './coll.js';
import { CONV_MATH_FUNCS } from './conv-math.js';
import { DATA_FUNCS } from './data.js';
import { STRING_FUNCS } from './strings.js';

/** Every function a template can call by name (Go's built-ins win on a clash, as in Go). */
export const TEMPLATE_FUNCS: ReadonlyMap<string, TemplateFunc> = new Map(
  Object.entries({ ...STRING_FUNCS, ...DATA_FUNCS, ...COLL_FUNCS, ...CONV_MATH_FUNCS, ...BUILTINS }),
);
