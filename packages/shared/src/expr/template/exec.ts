// Executes a parsed Go template (text/template/exec.go semantics): dot and variables, pipelines
// with the previous result as last argument, map field access with Go's missing-key rules,
// if/with/range/template, and a step budget and output cap so nothing runs away.
import { BudgetExceededError, ExprError, positionAt, type StepBudget } from '../errors.js';
import { goString } from '../util/go-format.js';
import { isMapLike, kindOf, mapEntries, mapGet, truthy } from '../util/values.js';
import type { ArgNode, CommandNode, Node, PipeNode, TemplateTree } from './nodes.js';
import { Namespace, printable, valueMethod, type TemplateFunc } from './values.js';

export type MissingKey = 'default' | 'zero' | 'error';

export interface ExecOptions {
  funcs: ReadonlyMap<string, TemplateFunc>;
  missingKey: MissingKey;
  noValue: string;
  budget: StepBudget;
  maxOutput: number;
}

const NONE = Symbol('no final value');
type Final = unknown;
class BreakSignal {}
class ContinueSignal {}
const MAX_DEPTH = 100;

class ExecFailure extends Error {
  constructor(
    readonly reason: string,
    readonly node: { pos: number },
    readonly at: string,
  ) {
    super(reason);
  }
}

/** Go's rendering of a node in "executing at <...>" messages. */
function show(n: ArgNode | CommandNode | PipeNode): string {
  if ('args' in n) return n.args.map(show).join(' ');
  switch (n.t) {
    case 'field':
      return `.${n.idents.join('.')}`;
    case 'variable':
      return n.idents.join('.');
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'bool':
      return String(n.value);
    case 'number':
      return n.text;
    case 'string':
      return JSON.stringify(n.value);
    case 'identifier':
      return n.name;
    case 'chain':
      return `${show(n.node)}.${n.fields.join('.')}`;
    case 'pipe':
      return `(${n.decl.length ? `${n.decl.join(', ')} := ` : ''}${n.cmds.map(show).join(' | ')})`;
  }
}

class State {
  private out = '';
  private vars: { name: string; value: unknown }[] = [];
  private depth = 0;

  constructor(
    private readonly tree: TemplateTree,
    private readonly opts: ExecOptions,
  ) {}

  run(data: unknown): string {
    this.vars = [{ name: '$', value: data }];
    this.walkList(data, this.tree.root);
    return this.out;
  }

  private fail(node: { pos: number }, at: string, reason: string): never {
    throw new ExecFailure(reason, node, at);
  }

  private write(s: string): void {
    this.out += s;
    if (this.out.length > this.opts.maxOutput) throw new ExprError('template', `output exceeds ${this.opts.maxOutput} characters`);
  }

  private walkList(dot: unknown, list: Node[]): void {
    for (const n of list) this.walk(dot, n);
  }

  private walk(dot: unknown, node: Node): void {
    this.opts.budget.spend();
    switch (node.t) {
      case 'text':
        return this.write(node.text);
      case 'action': {
        const v = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.write(printable(v, this.opts.noValue));
        return;
      }
      case 'if':
      case 'with': {
        const mark = this.vars.length;
        const v = this.evalPipeline(dot, node.pipe);
        if (truthy(v)) this.walkList(node.t === 'with' ? v : dot, node.list);
        else if (node.elseList) this.walkList(dot, node.elseList);
        this.vars.length = mark;
        return;
      }
      case 'range':
        return this.walkRange(dot, node);
      case 'template':
        return this.walkTemplate(dot, node);
      case 'break':
        throw new BreakSignal();
      case 'continue':
        throw new ContinueSignal();
    }
  }

  private walkRange(dot: unknown, node: Extract<Node, { t: 'range' }>): void {
    const mark = this.vars.length;
    const val = this.evalCommands(dot, node.pipe);
    const { decl, isAssign } = node.pipe;
    let items: [unknown, unknown][];
    if (val === undefined || val === null) items = [];
    else if (Array.isArray(val)) items = val.map((v, i) => [i, v]);
    else if (isMapLike(val)) items = mapEntries(val).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    else if ((typeof val === 'number' && Number.isInteger(val)) || typeof val === 'bigint') {
      if (Number(val) > 1_000_000) this.fail(node.pipe, show(node.pipe), `range over ${val} iterations is too many`);
      items = Array.from({ length: Math.max(0, Number(val)) }, (_, i) => [i, i]);
    } else this.fail(node.pipe, show(node.pipe), `range can't iterate over ${goString(val)}`);
    if (!isAssign) for (const name of decl) this.vars.push({ name, value: val });
    const inner = this.vars.length;
    for (const [index, elem] of items) {
      this.opts.budget.spend();
      if (decl.length === 1) this.setVar(decl[0]!, elem);
      else if (decl.length === 2) {
        this.setVar(decl[0]!, index);
        this.setVar(decl[1]!, elem);
      }
      try {
        this.walkList(elem, node.list);
      } catch (e) {
        if (e instanceof BreakSignal) break;
        if (!(e instanceof ContinueSignal)) throw e;
      } finally {
        this.vars.length = inner;
      }
    }
    if (items.length === 0 && node.elseList) this.walkList(dot, node.elseList);
    this.vars.length = mark;
  }

  private walkTemplate(dot: unknown, node: Extract<Node, { t: 'template' }>): void {
    const list = this.tree.defines.get(node.name);
    if (!list) this.fail(node, `template "${node.name}"`, `no such template ${JSON.stringify(node.name)}`);
    if (this.depth >= MAX_DEPTH) this.fail(node, `template "${node.name}"`, `exceeded maximum template depth (${MAX_DEPTH})`);
    const data = node.pipe ? this.evalPipeline(dot, node.pipe) : undefined;
    const saved = this.vars;
    this.vars = [{ name: '$', value: data }];
    this.depth++;
    try {
      this.walkList(data, list);
    } finally {
      this.depth--;
      this.vars = saved;
    }
  }

  private setVar(name: string, value: unknown): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      if (this.vars[i]!.name === name) {
        this.vars[i]!.value = value;
        return;
      }
    }
    this.vars.push({ name, value });
  }

  private varValue(name: string, node: { pos: number }): unknown {
    for (let i = this.vars.length - 1; i >= 0; i--) if (this.vars[i]!.name === name) return this.vars[i]!.value;
    return this.fail(node, name, `undefined variable: ${name}`);
  }

  private evalCommands(dot: unknown, pipe: PipeNode): unknown {
    let value: unknown = NONE;
    for (const cmd of pipe.cmds) value = this.evalCommand(dot, cmd, value);
    return value === NONE ? undefined : value;
  }

  private evalPipeline(dot: unknown, pipe: PipeNode): unknown {
    const value = this.evalCommands(dot, pipe);
    for (const name of pipe.decl) {
      if (pipe.isAssign) this.setVar(name, value);
      else this.vars.push({ name, value });
    }
    return value;
  }

  private evalCommand(dot: unknown, cmd: CommandNode, final: Final): unknown {
    const first = cmd.args[0]!;
    switch (first.t) {
      case 'field':
        return this.evalFieldChain(dot, dot, first, first.idents, cmd.args, final);
      case 'chain':
        return this.evalChain(dot, first, cmd.args, final);
      case 'identifier':
        return this.evalFunction(dot, first, cmd.args, final);
      case 'variable': {
        const value = this.varValue(first.idents[0]!, first);
        if (first.idents.length === 1) {
          this.notAFunction(cmd, final);
          return value;
        }
        return this.evalFieldChain(dot, value, first, first.idents.slice(1), cmd.args, final);
      }
      case 'pipe':
        this.notAFunction(cmd, final);
        return this.evalPipeline(dot, first);
      case 'nil':
        return this.fail(first, 'nil', 'nil is not a command');
      default:
        this.notAFunction(cmd, final);
        return this.evalArg(dot, first);
    }
  }

  private notAFunction(cmd: CommandNode, final: Final): void {
    if (cmd.args.length > 1 || final !== NONE) this.fail(cmd, show(cmd), `can't give argument to non-function ${show(cmd.args[0]!)}`);
  }

  private evalChain(dot: unknown, chain: Extract<ArgNode, { t: 'chain' }>, args: ArgNode[], final: Final): unknown {
    if (chain.node.t === 'nil') this.fail(chain, show(chain), `indirection through explicit nil in ${show(chain)}`);
    const receiver = this.evalArg(dot, chain.node);
    return this.evalFieldChain(dot, receiver, chain, chain.fields, args, final);
  }

  private evalFieldChain(dot: unknown, receiver: unknown, node: ArgNode, idents: string[], args: ArgNode[], final: Final): unknown {
    let r = receiver;
    for (let i = 0; i < idents.length - 1; i++) r = this.evalField(dot, idents[i]!, node, [], NONE, r);
    return this.evalField(dot, idents.at(-1)!, node, args, final, r);
  }

  private evalField(dot: unknown, name: string, node: ArgNode, args: ArgNode[], final: Final, receiver: unknown): unknown {
    const at = show(node);
    if (receiver === undefined) {
      if (this.opts.missingKey === 'error') this.fail(node, at, `nil data; no entry for key ${JSON.stringify(name)}`);
      return undefined;
    }
    if (receiver === null) this.fail(node, at, `nil pointer evaluating interface {}.${name}`);
    const method =
      receiver instanceof Namespace ? (Object.hasOwn(receiver.fns, name) ? receiver.fns[name] : undefined) : valueMethod(receiver, name);
    if (method) return this.call(dot, method, `${receiver instanceof Namespace ? `${receiver.name}.` : ''}${name}`, node, args, final);
    if (receiver instanceof Namespace) this.fail(node, at, `can't evaluate field ${name} in type *funcs.${receiver.name}`);
    if (isMapLike(receiver)) {
      if (args.length > 1 || final !== NONE) this.fail(node, at, `${name} is not a method but has arguments`);
      const v = mapGet(receiver, name);
      if (v !== undefined) return v;
      if (this.opts.missingKey === 'error') this.fail(node, at, `map has no entry for key ${JSON.stringify(name)}`);
      return this.opts.missingKey === 'zero' ? null : undefined;
    }
    return this.fail(node, at, `can't evaluate field ${name} in type ${kindOf(receiver)}`);
  }

  private evalFunction(dot: unknown, node: Extract<ArgNode, { t: 'identifier' }>, args: ArgNode[], final: Final): unknown {
    const fn = this.opts.funcs.get(node.name);
    if (!fn) return this.fail(node, node.name, `function ${JSON.stringify(node.name)} not defined`);
    if (node.name === 'and' || node.name === 'or') {
      const operands = args.slice(1);
      if (operands.length === 0 && final === NONE)
        this.fail(node, node.name, `wrong number of args for ${node.name}: want at least 1 got 0`);
      let v: unknown;
      for (const a of operands) {
        v = this.evalArg(dot, a);
        if (truthy(v) === (node.name === 'or')) return v;
      }
      return final !== NONE ? final : v;
    }
    return this.call(dot, fn, node.name, node, args, final);
  }

  private call(dot: unknown, fn: TemplateFunc, name: string, node: ArgNode, args: ArgNode[], final: Final): unknown {
    const argv = args.slice(1).map((a) => this.evalArg(dot, a));
    if (final !== NONE) argv.push(final);
    try {
      return fn(...argv);
    } catch (e) {
      if (e instanceof BudgetExceededError || e instanceof ExprError) throw e;
      return this.fail(node, show(node), `error calling ${name}: ${(e as Error).message}`);
    }
  }

  private evalArg(dot: unknown, n: ArgNode): unknown {
    switch (n.t) {
      case 'dot':
        return dot;
      case 'nil':
        return null;
      case 'bool':
        return n.value;
      case 'string':
        return n.value;
      case 'number':
        return typeof n.value === 'bigint' && Number.isSafeInteger(Number(n.value)) ? Number(n.value) : n.value;
      case 'field':
        return this.evalFieldChain(dot, dot, n, n.idents, [n], NONE);
      case 'variable': {
        const v = this.varValue(n.idents[0]!, n);
        return n.idents.length === 1 ? v : this.evalFieldChain(dot, v, n, n.idents.slice(1), [n], NONE);
      }
      case 'pipe':
        return this.evalPipeline(dot, n);
      case 'identifier':
        return this.evalFunction(dot, n, [n], NONE);
      case 'chain':
        return this.evalChain(dot, n, [n], NONE);
    }
  }
}

/** Runs a parsed template over data; failures become ExprError('template') with Go's wording. */
export function executeTemplate(tree: TemplateTree, data: unknown, opts: ExecOptions): string {
  try {
    return new State(tree, opts).run(data);
  } catch (e) {
    if (e instanceof ExecFailure)
      throw new ExprError('template', `executing at <${e.at}>: ${e.reason}`, positionAt(tree.source, e.node.pos));
    if (e instanceof BudgetExceededError) throw new ExprError('template', e.message);
    if (e instanceof RangeError) throw new ExprError('template', 'template nests too deeply');
    throw e;
  }
}
