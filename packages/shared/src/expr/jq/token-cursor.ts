// The token cursor under the jq parser: where it is, what it expects, and errors placed at the token.
import { ExprError, positionAt } from '../errors.js';
import type { JqToken } from './lexer.js';

/** A position in a token list, with the checks and errors the parser builds on. */
export class JqTokenCursor {
  protected i = 0;
  constructor(
    protected readonly src: string,
    protected readonly toks: JqToken[],
    protected readonly base: number,
  ) {}

  protected get tok(): JqToken {
    return this.toks[this.i]!;
  }
  protected fail(msg: string, at = this.tok): never {
    throw new ExprError('jq', msg, positionAt(this.src, at.pos + this.base));
  }
  /** A jq construct this interpreter does not run: said plainly, never retried as another parse. */
  protected unsupported(what: string): never {
    const e = new ExprError('jq', `${what} are not supported`, positionAt(this.src, this.tok.pos + this.base));
    throw Object.assign(e, { final: true });
  }
  protected isOp(v: string): boolean {
    return this.tok.kind === 'op' && this.tok.value === v;
  }
  protected isWord(v: string): boolean {
    return this.tok.kind === 'ident' && this.tok.value === v;
  }
  protected expectOp(v: string): void {
    if (!this.isOp(v)) this.fail(`syntax error: expected '${v}' but found ${this.describe()}`);
    this.i++;
  }
  protected expectWord(v: string): void {
    if (!this.isWord(v)) this.fail(`syntax error: expected '${v}' but found ${this.describe()}`);
    this.i++;
  }
  protected describe(): string {
    return this.tok.kind === 'eof' ? 'end of input' : `'${this.tok.kind === 'str' ? JSON.stringify(this.tok.value) : this.tok.value}'`;
  }
}
