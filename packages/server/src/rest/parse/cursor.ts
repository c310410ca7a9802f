/** A parse failure at a 1-based column with PostgREST-style "unexpected … expecting …" details. */
export class ParseFailure extends Error {
  constructor(
    readonly column: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** A position in a query parameter value with the few primitives the recursive-descent parsers need. */
export class Cursor {
  pos = 0;
  constructor(readonly src: string) {}

  get done(): boolean {
    return this.pos >= this.src.length;
  }

  peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  startsWith(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }

  /** Consume `s` when it is next. */
  eat(s: string): boolean {
    if (!this.src.startsWith(s, this.pos)) return false;
    this.pos += s.length;
    return true;
  }

  expect(s: string, expecting = JSON.stringify(s)): void {
    if (!this.eat(s)) this.fail(expecting);
  }

  skipWs(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  /** The rest of the input, consumed. */
  rest(): string {
    const r = this.src.slice(this.pos);
    this.pos = this.src.length;
    return r;
  }

  fail(expecting: string): never {
    const got = this.done ? 'end of input' : JSON.stringify(this.peek());
    throw new ParseFailure(this.pos + 1, `unexpected ${got} expecting ${expecting}`);
  }

  failWith(detail: string, at = this.pos): never {
    throw new ParseFailure(at + 1, detail);
  }
}
