// Recursive-descent parser for jq with jq's precedence: | , // assignment or and comparisons + * unary postfix.
import { ExprError } from '../errors.js';
import type { JqNode } from './ast.js';
import { lexJq } from './lexer.js';
import { JqTokenCursor } from './token-cursor.js';

const ASSIGN = new Set(['=', '|=', '+=', '-=', '*=', '/=', '%=', '//=']);
const CMP = new Set(['==', '!=', '<', '<=', '>', '>=']);

class JqParser extends JqTokenCursor {
  parseAll(): JqNode {
    const node = this.pipe();
    if (this.tok.kind !== 'eof') this.fail(`syntax error: unexpected ${this.describe()}`);
    return node;
  }

  pipe(): JqNode {
    const start = this.i;
    if (this.isWord('def')) this.unsupported('function definitions (def)');
    if (this.isWord('label')) this.unsupported('label and break');
    if (this.tok.kind !== 'eof' && !this.isOp('-')) {
      try {
        const term = this.postfix();
        if (this.isWord('as')) {
          this.i++;
          if (this.isOp('[') || this.isOp('{')) this.unsupported('destructuring patterns (as [$a] or as {$a})');
          if (this.tok.kind !== 'var') this.fail('syntax error: expected $name after as');
          const name = this.toks[this.i++]!.value;
          this.expectOp('|');
          return { t: 'as', source: term, name, body: this.pipe(), pos: this.toks[start]!.pos };
        }
      } catch (e) {
        if (!(e instanceof ExprError) || (e as { final?: boolean }).final) throw e;
      }
      this.i = start;
    }
    const left = this.comma();
    if (this.isOp('|')) {
      const pos = this.tok.pos;
      this.i++;
      return { t: 'pipe', left, right: this.pipe(), pos };
    }
    return left;
  }

  comma(): JqNode {
    let left = this.alt();
    while (this.isOp(',')) {
      const pos = this.tok.pos;
      this.i++;
      left = { t: 'comma', left, right: this.alt(), pos };
    }
    return left;
  }

  alt(): JqNode {
    const left = this.assign();
    if (this.isOp('//')) {
      const pos = this.tok.pos;
      this.i++;
      return { t: 'binop', op: '//', left, right: this.alt(), pos };
    }
    return left;
  }

  assign(): JqNode {
    const left = this.or();
    if (this.tok.kind === 'op' && ASSIGN.has(this.tok.value)) {
      const { value: op, pos } = this.toks[this.i++]!;
      return { t: 'assign', op, left, right: this.alt(), pos };
    }
    return left;
  }

  or(): JqNode {
    let left = this.and();
    while (this.isOp('or') || (this.tok.kind === 'op' && this.tok.value === 'or')) left = this.bin(left, () => this.and());
    return left;
  }

  and(): JqNode {
    let left = this.cmp();
    while (this.tok.kind === 'op' && this.tok.value === 'and') left = this.bin(left, () => this.cmp());
    return left;
  }

  cmp(): JqNode {
    const left = this.add();
    if (this.tok.kind === 'op' && CMP.has(this.tok.value)) return this.bin(left, () => this.add());
    return left;
  }

  add(): JqNode {
    let left = this.mul();
    while (this.isOp('+') || this.isOp('-')) left = this.bin(left, () => this.mul());
    return left;
  }

  mul(): JqNode {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) left = this.bin(left, () => this.unary());
    return left;
  }

  private bin(left: JqNode, next: () => JqNode): JqNode {
    const { value: op, pos } = this.toks[this.i++]!;
    return { t: 'binop', op, left, right: next(), pos };
  }

  unary(): JqNode {
    if (this.isOp('-')) {
      const pos = this.tok.pos;
      this.i++;
      return { t: 'neg', expr: this.postfix(), pos };
    }
    return this.postfix();
  }

  postfix(): JqNode {
    let node = this.term();
    for (;;) {
      const pos = this.tok.pos;
      if (this.tok.kind === 'field') {
        node = { t: 'field', target: node, name: { t: 'literal', value: this.tok.value, pos }, opt: false, pos };
        this.i++;
      } else if (this.isOp('.') && this.toks[this.i + 1]?.kind === 'str') {
        this.i++;
        node = { t: 'field', target: node, name: this.stringTerm(), opt: false, pos };
      } else if (this.isOp('[') || (this.isOp('.') && this.toks[this.i + 1]?.value === '[')) {
        if (this.isOp('.')) this.i++;
        node = this.bracket(node);
      } else if (this.isOp('?')) {
        this.i++;
        node =
          'opt' in node && (node.t === 'field' || node.t === 'index' || node.t === 'slice' || node.t === 'iterate')
            ? { ...node, opt: true }
            : { t: 'try', body: node, pos };
      } else return node;
    }
  }

  private bracket(target: JqNode): JqNode {
    const pos = this.tok.pos;
    this.expectOp('[');
    if (this.isOp(']')) {
      this.i++;
      return { t: 'iterate', target, opt: false, pos };
    }
    if (this.isOp(':')) {
      this.i++;
      const to = this.pipe();
      this.expectOp(']');
      return { t: 'slice', target, to, opt: false, pos };
    }
    const index = this.pipe();
    if (this.isOp(':')) {
      this.i++;
      const to = this.isOp(']') ? undefined : this.pipe();
      this.expectOp(']');
      return to ? { t: 'slice', target, from: index, to, opt: false, pos } : { t: 'slice', target, from: index, opt: false, pos };
    }
    this.expectOp(']');
    return { t: 'index', target, index, opt: false, pos };
  }

  private stringTerm(format?: string): JqNode {
    const tok = this.toks[this.i++]!;
    const exprs = (tok.parts?.exprs ?? []).map((e) => parseJqAt(this.src, e.src, this.base + e.pos));
    return { t: 'string', text: tok.parts?.text ?? [tok.value], exprs, pos: tok.pos, ...(format ? { format } : {}) };
  }

  term(): JqNode {
    const tok = this.tok;
    const pos = tok.pos;
    switch (tok.kind) {
      case 'num':
        this.i++;
        return { t: 'literal', value: Number(tok.value), pos };
      case 'str':
        return this.stringTerm();
      case 'format':
        this.i++;
        if (this.tok.kind === 'str') return this.stringTerm(tok.value);
        return { t: 'format', name: tok.value, pos };
      case 'var':
        this.i++;
        return { t: 'var', name: tok.value, pos };
      case 'field':
        this.i++;
        return { t: 'field', target: { t: 'identity', pos }, name: { t: 'literal', value: tok.value, pos }, opt: false, pos };
      case 'ident':
        return this.keywordOrCall();
      case 'op':
        return this.opTerm();
      default:
        return this.fail(`syntax error: unexpected ${this.describe()}`);
    }
  }

  private opTerm(): JqNode {
    const { value, pos } = this.tok;
    if (value === '.') {
      this.i++;
      if (this.tok.kind === 'str') return { t: 'field', target: { t: 'identity', pos }, name: this.stringTerm(), opt: false, pos };
      if (this.isOp('[')) return this.bracket({ t: 'identity', pos });
      return { t: 'identity', pos };
    }
    if (value === '..') {
      this.i++;
      return { t: 'recurse', pos };
    }
    if (value === '(') {
      this.i++;
      const inner = this.pipe();
      this.expectOp(')');
      return inner;
    }
    if (value === '[') {
      this.i++;
      if (this.isOp(']')) {
        this.i++;
        return { t: 'array', pos };
      }
      const body = this.pipe();
      this.expectOp(']');
      return { t: 'array', body, pos };
    }
    if (value === '{') return this.object();
    return this.fail(`syntax error: unexpected ${this.describe()}`);
  }

  private object(): JqNode {
    const pos = this.tok.pos;
    this.expectOp('{');
    const entries: { key: JqNode; value: JqNode }[] = [];
    while (!this.isOp('}')) {
      const k = this.tok;
      let key: JqNode;
      let value: JqNode | undefined;
      if (k.kind === 'var') {
        this.i++;
        key = { t: 'literal', value: k.value, pos: k.pos };
        value = { t: 'var', name: k.value, pos: k.pos };
      } else if (k.kind === 'ident' || k.kind === 'num') {
        this.i++;
        key = { t: 'literal', value: k.value, pos: k.pos };
      } else if (k.kind === 'str') key = this.stringTerm();
      else if (k.kind === 'format' && this.toks[this.i + 1]?.kind === 'str') {
        this.i++;
        key = this.stringTerm(k.value);
      } else if (this.isOp('(')) {
        this.i++;
        key = this.pipe();
        this.expectOp(')');
      } else return this.fail(`syntax error: unexpected ${this.describe()} in object`);
      if (this.isOp(':')) {
        this.i++;
        value = this.objectValue();
      }
      entries.push({ key, value: value ?? { t: 'field', target: { t: 'identity', pos: k.pos }, name: key, opt: false, pos: k.pos } });
      if (!this.isOp(',')) break;
      this.i++;
    }
    this.expectOp('}');
    return { t: 'object', entries, pos };
  }

  private objectValue(): JqNode {
    let left = this.alt();
    while (this.isOp('|')) {
      const pos = this.tok.pos;
      this.i++;
      left = { t: 'pipe', left, right: this.alt(), pos };
    }
    return left;
  }

  private keywordOrCall(): JqNode {
    const { value: name, pos } = this.tok;
    this.i++;
    if (name === 'true' || name === 'false' || name === 'null')
      return { t: 'literal', value: name === 'null' ? null : name === 'true', pos };
    if (name === 'if') {
      const cond = this.pipe();
      this.expectWord('then');
      const then = this.pipe();
      let otherwise: JqNode | undefined;
      if (this.isWord('elif')) {
        otherwise = this.keywordOrCallEnded();
        return { t: 'if', cond, then, else: otherwise, pos };
      }
      if (this.isWord('else')) {
        this.i++;
        otherwise = this.pipe();
      }
      this.expectWord('end');
      return otherwise ? { t: 'if', cond, then, else: otherwise, pos } : { t: 'if', cond, then, pos };
    }
    if (name === 'try') {
      const body = this.postfix();
      if (this.isWord('catch')) {
        this.i++;
        return { t: 'try', body, catch: this.postfix(), pos };
      }
      return { t: 'try', body, pos };
    }
    if (name === 'reduce' || name === 'foreach') {
      const source = this.postfix();
      this.expectWord('as');
      if (this.isOp('[') || this.isOp('{')) this.unsupported('destructuring patterns (as [$a] or as {$a})');
      if (this.tok.kind !== 'var') this.fail('syntax error: expected $name after as');
      const v = this.toks[this.i++]!.value;
      this.expectOp('(');
      const init = this.pipe();
      this.expectOp(';');
      const update = this.pipe();
      let extract: JqNode | undefined;
      if (name === 'foreach' && this.isOp(';')) {
        this.i++;
        extract = this.pipe();
      }
      this.expectOp(')');
      if (name === 'reduce') return { t: 'reduce', source, name: v, init, update, pos };
      return extract ? { t: 'foreach', source, name: v, init, update, extract, pos } : { t: 'foreach', source, name: v, init, update, pos };
    }
    if (['then', 'else', 'elif', 'end', 'as', 'catch', 'def'].includes(name))
      this.fail(`syntax error: unexpected '${name}'`, this.toks[this.i - 1]);
    const args: JqNode[] = [];
    if (this.isOp('(')) {
      this.i++;
      args.push(this.pipe());
      while (this.isOp(';')) {
        this.i++;
        args.push(this.pipe());
      }
      this.expectOp(')');
    }
    return { t: 'call', name, args, pos };
  }

  /** Parses an `elif` chain as a nested `if` that shares the outer `end`. */
  private keywordOrCallEnded(): JqNode {
    const pos = this.tok.pos;
    this.i++;
    const cond = this.pipe();
    this.expectWord('then');
    const then = this.pipe();
    if (this.isWord('elif')) return { t: 'if', cond, then, else: this.keywordOrCallEnded(), pos };
    let otherwise: JqNode | undefined;
    if (this.isWord('else')) {
      this.i++;
      otherwise = this.pipe();
    }
    this.expectWord('end');
    return otherwise ? { t: 'if', cond, then, else: otherwise, pos } : { t: 'if', cond, then, pos };
  }
}

/** Parses a nested source (string interpolation) whose offsets are relative to `base` in `full`. */
function parseJqAt(full: string, src: string, base: number): JqNode {
  return new JqParser(full, lexJq(src), base).parseAll();
}

/** Parses jq source into a syntax tree; throws ExprError('jq') with the position of the problem. */
export function parseJq(src: string): JqNode {
  return new JqParser(src, lexJq(src), 0).parseAll();
}
