// has() with cel-go's rule: the argument is any field selection `e.f`, including one whose operand
// is an index (`has(list[0].x)`), which cel-js's own has() rejects. The source rewrite turns
// `has(` into `Has(` so this macro serves both spellings.
import { ParseError } from '@marcbachmann/cel-js';
import type { CelLibrary } from '../registrar.js';

interface Ast {
  op: string;
  args: unknown;
  start: number;
  end: number;
  input: string;
}
interface Checker {
  check(node: unknown, ctx: unknown): unknown;
  getType(name: string): unknown;
}
interface Evaluator {
  run(node: unknown, ctx: unknown): unknown;
  debugType(v: unknown): { fieldLazy?: (obj: unknown, key: string, node: unknown, ev: unknown) => unknown };
}
interface HasMacro {
  target: Ast;
  field: string;
  node: Ast;
}

/** Registers `Has(e.f)`, the target of the `has(` rewrite. */
export const macrosLibrary: CelLibrary = (r) => {
  r.fn('Has', ['ast'], 'bool', ({ args }: { args: Ast[] }) => {
    const arg = args[0]!;
    if (arg.op !== '.' && arg.op !== '.?')
      throw new ParseError('has() invalid argument: expected a field selection like has(a.b)', arg as never);
    const [target, field] = arg.args as [Ast, string];
    return {
      target,
      field,
      node: arg,
      async: false,
      typeCheck(checker: Checker, macro: HasMacro, ctx: unknown) {
        checker.check(macro.target, ctx);
        return checker.getType('bool');
      },
      evaluate(ev: Evaluator, macro: HasMacro, ctx: unknown) {
        const obj = ev.run(macro.target, ctx);
        if (obj === null || obj === undefined) throw new Error(`has() cannot test field '${macro.field}' of null`);
        const type = ev.debugType(obj);
        if (!type.fieldLazy) throw new Error(`has() cannot test field '${macro.field}' of a ${typeof obj}`);
        return type.fieldLazy(obj, macro.field, macro.node, ev) !== undefined;
      },
    };
  });
};
