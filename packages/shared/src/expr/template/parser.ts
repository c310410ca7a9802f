// Go text/template's parser: actions, pipelines, variables and control structures, with Go's
// parse-time checks ("function \"foo\" not defined", "undefined variable \"$x\"", ...).
import { ExprError, positionAt } from '../errors.js';
import { lexTemplate, type Item, type ItemType } from './lexer.js';
import type { ArgNode, CommandNode, Node, PipeNode, TemplateTree } from './nodes.js';

export interface ParseOptions {
  delims?: [string, string];
  /** Names of the functions a template may call. */
  hasFunction: (name: string) => boolean;
}

class EndOrElse {
  constructor(
    readonly kind: 'end' | 'else',
    readonly pos: number,
    readonly elseKeyword?: 'if' | 'with',
  ) {}
}

class TemplateParser {
  private i = 0;
  private vars: string[] = ['$'];
  private rangeDepth = 0;
  readonly defines = new Map<string, Node[]>();

  constructor(
    private readonly src: string,
    private readonly items: Item[],
    private readonly opts: ParseOptions,
  ) {}

  fail(msg: string, pos: number): never {
    throw new ExprError('template', msg, positionAt(this.src, pos));
  }
  private next(): Item {
    const it = this.items[this.i++] ?? this.items.at(-1)!;
    if (it.type === 'error') this.fail(it.val, it.pos);
    return it;
  }
  private peek(): Item {
    const it = this.items[this.i] ?? this.items.at(-1)!;
    if (it.type === 'error') this.fail(it.val, it.pos);
    return it;
  }
  private nextNonSpace(): Item {
    let it = this.next();
    while (it.type === 'space') it = this.next();
    return it;
  }
  private peekNonSpace(): Item {
    const save = this.i;
    const it = this.nextNonSpace();
    this.i = save;
    return it;
  }
  private expect(type: ItemType, context: string): Item {
    const it = this.nextNonSpace();
    if (it.type !== type) this.unexpected(it, context);
    return it;
  }
  private unexpected(it: Item, context: string): never {
    if (it.type === 'eof') this.fail(`unexpected EOF in ${context}`, it.pos);
    return this.fail(`unexpected ${describe(it)} in ${context}`, it.pos);
  }

  parse(): Node[] {
    const root: Node[] = [];
    for (;;) {
      const it = this.peek();
      if (it.type === 'eof') return root;
      if (it.type === 'leftDelim') {
        const save = this.i;
        this.next();
        if (this.peekNonSpace().type === 'define') {
          this.nextNonSpace();
          this.parseDefinition();
          continue;
        }
        this.i = save;
      }
      const n = this.textOrAction();
      if (n instanceof EndOrElse) this.fail(`unexpected {{${n.kind}}}`, n.pos);
      if (n) root.push(n);
    }
  }

  private parseDefinition(): void {
    const nameTok = this.expect('string', 'define clause');
    const name = unquote(nameTok, this);
    this.expect('rightDelim', 'define clause');
    const [list, end] = this.itemList();
    if (end.kind !== 'end') this.fail(`unexpected {{else}} in define clause`, end.pos);
    this.defines.set(name, list);
  }

  private textOrAction(): Node | EndOrElse | undefined {
    const it = this.nextNonSpace();
    if (it.type === 'text') return { t: 'text', text: it.val, pos: it.pos };
    if (it.type === 'comment') return undefined;
    if (it.type === 'leftDelim') return this.action();
    return this.unexpected(it, 'input');
  }

  private itemList(): [Node[], EndOrElse] {
    const list: Node[] = [];
    for (;;) {
      const it = this.peekNonSpace();
      if (it.type === 'eof') this.fail('unexpected EOF', it.pos);
      const n = this.textOrAction();
      if (n instanceof EndOrElse) return [list, n];
      if (n) list.push(n);
    }
  }

  private action(): Node | EndOrElse {
    const it = this.nextNonSpace();
    switch (it.type) {
      case 'block':
        return this.blockControl(it.pos);
      case 'break':
      case 'continue':
        if (this.rangeDepth === 0) this.fail(`{{${it.type}}} outside {{range}}`, it.pos);
        this.expect('rightDelim', it.type);
        return { t: it.type, pos: it.pos };
      case 'else': {
        const nxt = this.peekNonSpace();
        if (nxt.type === 'if' || nxt.type === 'with') return new EndOrElse('else', it.pos, nxt.type);
        this.expect('rightDelim', 'else');
        return new EndOrElse('else', it.pos);
      }
      case 'end':
        this.expect('rightDelim', 'end');
        return new EndOrElse('end', it.pos);
      case 'if':
      case 'with':
        return this.control(it.type, it.pos);
      case 'range':
        return this.control('range', it.pos);
      case 'template':
        return this.templateControl(it.pos);
      case 'define':
        return this.fail('unexpected <define> in command', it.pos);
      default:
        this.i--;
        return { t: 'action', pipe: this.pipeline('command', 'rightDelim'), pos: it.pos };
    }
  }

  private control(kind: 'if' | 'with' | 'range', pos: number): Node {
    const depth = this.vars.length;
    try {
      const pipe = this.pipeline(kind, 'rightDelim');
      if (kind === 'range') this.rangeDepth++;
      const [list, first] = this.itemList();
      let next = first;
      if (kind === 'range') this.rangeDepth--;
      let elseList: Node[] | undefined;
      if (next.kind === 'else') {
        if ((kind === 'if' || kind === 'with') && next.elseKeyword === kind) {
          const kw = this.nextNonSpace();
          elseList = [this.control(kind, kw.pos)];
          return { t: kind, pipe, list, elseList, pos };
        }
        if (next.elseKeyword) this.fail(`unexpected ${next.elseKeyword} in else`, next.pos);
        [elseList, next] = this.itemList();
        if (next.kind !== 'end') this.fail('expected end; found {{else}}', next.pos);
      }
      return elseList ? { t: kind, pipe, list, elseList, pos } : { t: kind, pipe, list, pos };
    } finally {
      this.vars.length = depth;
    }
  }

  private templateControl(pos: number): Node {
    const tok = this.nextNonSpace();
    if (tok.type !== 'string' && tok.type !== 'rawString') this.unexpected(tok, 'template clause');
    const name = unquote(tok, this);
    if (this.peekNonSpace().type === 'rightDelim') {
      this.nextNonSpace();
      return { t: 'template', name, pos };
    }
    return { t: 'template', name, pipe: this.pipeline('template clause', 'rightDelim'), pos };
  }

  private blockControl(pos: number): Node {
    const tok = this.nextNonSpace();
    if (tok.type !== 'string' && tok.type !== 'rawString') this.unexpected(tok, 'block clause');
    const name = unquote(tok, this);
    const pipe = this.peekNonSpace().type === 'rightDelim' ? (this.nextNonSpace(), undefined) : this.pipeline('block clause', 'rightDelim');
    const [list, end] = this.itemList();
    if (end.kind !== 'end') this.fail('unexpected {{else}} in block clause', end.pos);
    this.defines.set(name, list);
    return pipe ? { t: 'template', name, pipe, pos } : { t: 'template', name, pos };
  }

  private pipeline(context: string, end: 'rightDelim' | 'rightParen'): PipeNode {
    const first = this.peekNonSpace();
    const pipe: PipeNode = { t: 'pipe', decl: [], isAssign: false, cmds: [], pos: first.pos };
    this.declarations(pipe, context);
    for (;;) {
      const it = this.nextNonSpace();
      if (it.type === end) {
        this.checkPipeline(pipe, context, it);
        return pipe;
      }
      if (
        ['bool', 'charConstant', 'dot', 'field', 'identifier', 'number', 'nil', 'rawString', 'string', 'variable', 'leftParen'].includes(
          it.type,
        )
      ) {
        this.i--;
        pipe.cmds.push(this.command());
      } else this.unexpected(it, context);
    }
  }

  private declarations(pipe: PipeNode, context: string): void {
    const save = this.i;
    const v = this.nextNonSpace();
    if (v.type !== 'variable') {
      this.i = save;
      return;
    }
    const op = this.nextNonSpace();
    if (op.type === 'declare' || op.type === 'assign') {
      pipe.isAssign = op.type === 'assign';
      if (pipe.isAssign && !this.vars.includes(v.val)) this.fail(`undefined variable ${JSON.stringify(v.val)}`, v.pos);
      pipe.decl.push(v.val);
      if (!pipe.isAssign) this.vars.push(v.val);
      return;
    }
    if (op.type === 'char' && op.val === ',' && context === 'range') {
      const v2 = this.nextNonSpace();
      const op2 = this.nextNonSpace();
      if (v2.type === 'variable' && (op2.type === 'declare' || op2.type === 'assign')) {
        pipe.isAssign = op2.type === 'assign';
        pipe.decl.push(v.val, v2.val);
        if (!pipe.isAssign) this.vars.push(v.val, v2.val);
        return;
      }
      this.fail('range can only initialize variables', v2.pos);
    }
    if (op.type === 'char' && op.val === ',') this.fail(`too many declarations in ${context}`, op.pos);
    this.i = save;
  }

  private checkPipeline(pipe: PipeNode, context: string, at: Item): void {
    if (pipe.cmds.length === 0) this.fail(`missing value for ${context}`, at.pos);
    pipe.cmds.slice(1).forEach((c, i) => {
      const t = c.args[0]!.t;
      if (t === 'bool' || t === 'dot' || t === 'nil' || t === 'number' || t === 'string')
        this.fail(`non executable command in pipeline stage ${i + 2}`, c.pos);
    });
  }

  private command(): CommandNode {
    const cmd: CommandNode = { args: [], pos: this.peekNonSpace().pos };
    for (;;) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand) cmd.args.push(operand);
      const it = this.next();
      if (it.type === 'space') continue;
      if (it.type === 'rightDelim' || it.type === 'rightParen') {
        this.i--;
        break;
      }
      if (it.type === 'pipe') break;
      this.unexpected(it, 'operand');
    }
    if (cmd.args.length === 0) this.fail('empty command', cmd.pos);
    return cmd;
  }

  private operand(): ArgNode | undefined {
    const node = this.term();
    if (!node) return undefined;
    if (this.peek().type !== 'field') return node;
    const fields: string[] = [];
    while (this.peek().type === 'field') fields.push(this.next().val.slice(1));
    switch (node.t) {
      case 'field':
        return { t: 'field', idents: [...node.idents, ...fields], pos: node.pos };
      case 'variable':
        return { t: 'variable', idents: [...node.idents, ...fields], pos: node.pos };
      case 'bool':
      case 'string':
      case 'number':
      case 'nil':
      case 'dot':
        return this.fail(
          `unexpected . after term ${JSON.stringify(this.src.slice(node.pos, this.items[this.i - fields.length]!.pos))}`,
          node.pos,
        );
      default:
        return { t: 'chain', node, fields, pos: node.pos };
    }
  }

  private term(): ArgNode | undefined {
    const it = this.nextNonSpace();
    switch (it.type) {
      case 'identifier':
        if (!this.opts.hasFunction(it.val)) this.fail(`function ${JSON.stringify(it.val)} not defined`, it.pos);
        return { t: 'identifier', name: it.val, pos: it.pos };
      case 'dot':
        return { t: 'dot', pos: it.pos };
      case 'nil':
        return { t: 'nil', pos: it.pos };
      case 'variable':
        if (!this.vars.includes(it.val)) this.fail(`undefined variable ${JSON.stringify(it.val)}`, it.pos);
        return { t: 'variable', idents: [it.val], pos: it.pos };
      case 'field':
        return { t: 'field', idents: [it.val.slice(1)], pos: it.pos };
      case 'bool':
        return { t: 'bool', value: it.val === 'true', pos: it.pos };
      case 'charConstant':
      case 'number':
        return numberNode(it, this);
      case 'leftParen':
        return this.pipeline('parenthesized pipeline', 'rightParen');
      case 'string':
      case 'rawString':
        return { t: 'string', value: unquote(it, this), pos: it.pos };
      default:
        this.i--;
        return undefined;
    }
  }
}

function describe(it: Item): string {
  if (it.type === 'rightDelim') return '"}}"';
  if (it.type === 'space') return 'space';
  if (it.type === 'eof') return 'EOF';
  return `<${it.val}>`;
}

/** Go's strconv.Unquote for "..." / `...` / '.' literals. */
function unquote(it: Item, p: TemplateParser): string {
  if (it.type === 'rawString') return it.val.slice(1, -1);
  const body = it.val.slice(1, -1);
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)/g, (m, e: string) => {
    const simple: Record<string, string> = {
      n: '\n',
      t: '\t',
      r: '\r',
      a: '\x07',
      b: '\b',
      f: '\f',
      v: '\v',
      '\\': '\\',
      '"': '"',
      "'": "'",
    };
    if (e in simple) return simple[e]!;
    if (/^[xuU]/.test(e)) return String.fromCodePoint(parseInt(e.slice(1), 16));
    if (/^[0-7]{3}$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return p.fail(`invalid syntax in ${it.val}: unknown escape ${m}`, it.pos);
  });
}

function numberNode(it: Item, p: TemplateParser): ArgNode {
  if (it.type === 'charConstant') {
    const text = unquote(it, p);
    // Go rejects a multi-character '...' literal; Flanksource specs write jq filters that way
    // ({{ .x | jq '.a.b' }}), so such a literal is read as a string instead.
    if ([...text].length !== 1) return { t: 'string', value: text, pos: it.pos };
    return { t: 'number', value: BigInt(text.codePointAt(0)!), text: it.val, pos: it.pos };
  }
  const text = it.val.replaceAll('_', '');
  if (text.endsWith('i')) return p.fail(`complex numbers are not supported: ${it.val}`, it.pos);
  if (/^[+-]?0[xX][0-9a-fA-F]+$|^[+-]?0[oO][0-7]+$|^[+-]?0[bB][01]+$|^[+-]?\d+$/.test(text)) {
    const neg = text.startsWith('-');
    const digits = text.replace(/^[+-]/, '');
    const v = /^0[0-7]+$/.test(digits) ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits.replace(/^0[oO]/, '0o'));
    return { t: 'number', value: neg ? -v : v, text: it.val, pos: it.pos };
  }
  const n = Number(text);
  if (Number.isNaN(n)) return p.fail(`illegal number syntax: ${JSON.stringify(it.val)}`, it.pos);
  return { t: 'number', value: n, text: it.val, pos: it.pos };
}

/** Parses a template; throws ExprError('template') with Go's message and the 1-based line:column. */
export function parseTemplate(source: string, opts: ParseOptions): TemplateTree {
  const [l, r] = opts.delims ?? ['{{', '}}'];
  const parser = new TemplateParser(source, lexTemplate(source, l, r), opts);
  const root = parser.parse();
  return { root, defines: parser.defines, source };
}
