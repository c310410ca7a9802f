// Go text/template's lexer (text/template/parse/lex.go), with its trim markers, comments,
// custom delimiters and error messages.

export type ItemType =
  | 'text'
  | 'leftDelim'
  | 'rightDelim'
  | 'space'
  | 'comment'
  | 'bool'
  | 'char'
  | 'charConstant'
  | 'assign'
  | 'declare'
  | 'field'
  | 'identifier'
  | 'leftParen'
  | 'rightParen'
  | 'number'
  | 'pipe'
  | 'rawString'
  | 'string'
  | 'variable'
  | 'dot'
  | 'nil'
  | 'block'
  | 'break'
  | 'continue'
  | 'define'
  | 'else'
  | 'end'
  | 'if'
  | 'range'
  | 'template'
  | 'with'
  | 'eof'
  | 'error';

export interface Item {
  type: ItemType;
  val: string;
  pos: number;
}

const KEYWORDS: Record<string, ItemType> = {
  '.': 'dot',
  block: 'block',
  break: 'break',
  continue: 'continue',
  define: 'define',
  else: 'else',
  end: 'end',
  if: 'if',
  range: 'range',
  nil: 'nil',
  template: 'template',
  with: 'with',
};

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isAlnum = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/** Lexes a whole template into items; a lexing error becomes a final 'error' item. */
export function lexTemplate(input: string, leftDelim = '{{', rightDelim = '}}'): Item[] {
  const items: Item[] = [];
  let pos = 0;
  let start = 0;
  let parenDepth = 0;
  const emit = (type: ItemType, val = input.slice(start, pos)) => {
    items.push({ type, val, pos: start });
    start = pos;
  };
  const fail = (msg: string, at = start) => {
    items.push({ type: 'error', val: msg, pos: at });
    return true;
  };
  const atRightDelim = (): [boolean, boolean] => {
    if (
      input.startsWith(` -${rightDelim}`, pos) ||
      input.startsWith(`\t-${rightDelim}`, pos) ||
      input.startsWith(`\n-${rightDelim}`, pos) ||
      input.startsWith(`\r-${rightDelim}`, pos)
    )
      return [true, true];
    return [input.startsWith(rightDelim, pos), false];
  };
  const atTerminator = () => {
    const c = input[pos];
    return c === undefined || isSpace(c) || '.,|:()'.includes(c) || input.startsWith(rightDelim, pos);
  };

  /** Text up to the next left delimiter; returns false at end of input. */
  const lexText = (): boolean => {
    const x = input.indexOf(leftDelim, pos);
    if (x < 0) {
      pos = input.length;
      if (pos > start) emit('text');
      return false;
    }
    const after = x + leftDelim.length;
    const trim = input[after] === '-' && isSpace(input[after + 1]);
    let end = x;
    if (trim) while (end > start && isSpace(input[end - 1])) end--;
    pos = end;
    if (pos > start) emit('text');
    pos = after + (trim ? 2 : 0);
    start = x;
    if (!input.startsWith('/*', pos)) emit('leftDelim', leftDelim);
    start = pos;
    return true;
  };

  /** After a right delimiter: skip it (and the whitespace a trim marker removes). */
  const lexRightDelim = (trim: boolean) => {
    if (trim) pos += 2;
    pos += rightDelim.length;
    emit('rightDelim', rightDelim);
    if (trim) while (isSpace(input[pos])) pos++;
    start = pos;
  };

  /** A comment: only /* ... *\/ immediately inside the delimiters. */
  const lexComment = (): boolean => {
    const end = input.indexOf('*/', pos + 2);
    if (end < 0) return fail('unclosed comment');
    pos = end + 2;
    emit('comment');
    const [delim, trim] = atRightDelim();
    if (!delim) return fail('comment ends before closing delimiter');
    pos += rightDelim.length + (trim ? 2 : 0);
    if (trim) while (isSpace(input[pos])) pos++;
    start = pos;
    return false;
  };

  const lexQuote = (quote: string, raw: boolean): boolean => {
    pos++;
    for (;;) {
      const c = input[pos];
      if (c === undefined || (!raw && c === '\n'))
        return fail(
          raw ? 'unterminated raw quoted string' : quote === "'" ? 'unterminated character constant' : 'unterminated quoted string',
        );
      if (!raw && c === '\\') {
        pos += 2;
        continue;
      }
      pos++;
      if (c === quote) break;
    }
    emit(raw ? 'rawString' : quote === "'" ? 'charConstant' : 'string');
    return false;
  };

  const lexNumber = (): boolean => {
    const m =
      /^[+-]?(?:0[xX][0-9a-fA-F_]+(?:\.[0-9a-fA-F_]*)?(?:[pP][+-]?\d+)?|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*)?\.?\d*(?:[eE][+-]?\d+)?)i?/.exec(
        input.slice(pos),
      );
    let len = m ? m[0].length : 0;
    if (len === 0 || /^[+-]?\.?$/.test(m![0]) || isAlnum(input[pos + len])) {
      while (isAlnum(input[pos + len]) || input[pos + len] === '.') len++;
      return fail(`bad number syntax: ${JSON.stringify(input.slice(pos, pos + Math.max(len, 1)))}`);
    }
    pos += len;
    emit('number');
    return false;
  };

  /** Inside an action; returns true when lexing must stop (error or end of input). */
  const lexInsideAction = (): boolean => {
    for (;;) {
      const [delim, trim] = atRightDelim();
      if (delim) {
        if (parenDepth !== 0) return fail('unclosed left paren');
        lexRightDelim(trim);
        return false;
      }
      const c = input[pos];
      if (c === undefined) return fail('unclosed action');
      if (isSpace(c)) {
        while (isSpace(input[pos])) pos++;
        if (input.startsWith(`-${rightDelim}`, pos) && isSpace(input[pos - 1])) {
          pos--;
          if (pos === start) continue;
        }
        emit('space');
        continue;
      }
      if (c === '=') {
        pos++;
        emit('assign');
      } else if (c === ':') {
        if (input[pos + 1] !== '=') return fail('expected :=');
        pos += 2;
        emit('declare');
      } else if (c === '|') {
        pos++;
        emit('pipe');
      } else if (c === '"' || c === '`' || c === "'") {
        if (lexQuote(c, c === '`')) return true;
      } else if (c === '$' || (c === '.' && !/\d/.test(input[pos + 1] ?? ''))) {
        pos++;
        if (atTerminator()) {
          emit(c === '$' ? 'variable' : 'dot');
          continue;
        }
        while (isAlnum(input[pos])) pos++;
        if (!atTerminator()) return fail(`bad character ${describe(input[pos]!)}`, pos);
        emit(c === '$' ? 'variable' : 'field');
      } else if (c === '.' || c === '+' || c === '-' || /\d/.test(c)) {
        if (lexNumber()) return true;
      } else if (isAlnum(c)) {
        while (isAlnum(input[pos])) pos++;
        if (!atTerminator()) return fail(`bad character ${describe(input[pos]!)}`, pos);
        const word = input.slice(start, pos);
        emit(Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word]! : word === 'true' || word === 'false' ? 'bool' : 'identifier');
      } else if (c === '(') {
        pos++;
        parenDepth++;
        emit('leftParen');
      } else if (c === ')') {
        pos++;
        parenDepth--;
        if (parenDepth < 0) return fail('unexpected right paren');
        emit('rightParen');
      } else if (c.charCodeAt(0) < 0x7f && c >= ' ') {
        pos++;
        emit('char');
      } else return fail(`unrecognized character in action: ${describe(c)}`);
    }
  };

  for (;;) {
    if (!lexText()) break;
    if (input.startsWith('/*', pos)) {
      if (lexComment()) return items;
      continue;
    }
    if (lexInsideAction()) return items;
  }
  items.push({ type: 'eof', val: '', pos: input.length });
  return items;
}

/** Go's %#U rendering of a character: U+002D '-'. */
function describe(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} '${c}'`;
}
