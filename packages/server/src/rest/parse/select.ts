import type { SelectItem } from './ast.js';
import type { Cursor } from './cursor.js';
import { parseFieldName, parseIdentifier, parseJsonPath } from './field.js';
import { runParser } from './run.js';

const MAX_DEPTH = 10;

/** Parse `select=` into a tree: columns, aliases, casts, JSON paths, `*` and embeds with hints and `!inner`. */
export function parseSelect(src: string): SelectItem[] {
  return runParser('select parameter', src, (c) => {
    const items = forest(c, 0);
    if (!c.done) c.fail('",", ")" or end of input');
    return items;
  });
}

function forest(c: Cursor, depth: number): SelectItem[] {
  const items = [tree(c, depth)];
  for (;;) {
    c.skipWs();
    if (!c.eat(',')) return items;
    items.push(tree(c, depth));
  }
}

function itemEnd(c: Cursor): void {
  c.skipWs();
  if (!c.done && c.peek() !== ',' && c.peek() !== ')') c.fail('"->>", "->", "::", ")", "," or end of input');
}

function tree(c: Cursor, depth: number): SelectItem {
  c.skipWs();
  if (c.eat('*')) {
    itemEnd(c);
    return { kind: 'star' };
  }
  const spread = c.eat('...');
  let name = parseFieldName(c);
  let alias: string | undefined;
  if (!spread && c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = name;
    name = parseFieldName(c);
  }
  if (c.peek() === '!' || c.peek() === '(' || spread) return embed(c, depth, { name, alias, spread });
  const json = parseJsonPath(c);
  let cast: string | undefined;
  if (c.eat('::')) cast = parseIdentifier(c);
  itemEnd(c);
  return { kind: 'field', field: { name, json }, alias, cast };
}

function embed(c: Cursor, depth: number, head: { name: string; alias?: string; spread: boolean }): SelectItem {
  let hint: string | undefined;
  let join: 'inner' | 'left' | undefined;
  while (c.eat('!')) {
    const p = parseFieldName(c);
    if ((p === 'inner' || p === 'left') && !join) join = p;
    else if (!hint) hint = p;
    else c.failWith(`unexpected "!${p}": an embed takes one hint and one join type`);
  }
  c.expect('(');
  if (depth + 1 >= MAX_DEPTH) c.failWith(`embedding is limited to ${MAX_DEPTH} levels`);
  c.skipWs();
  const children = c.peek() === ')' ? [] : forest(c, depth + 1);
  c.skipWs();
  c.expect(')', '")" or ","');
  itemEnd(c);
  return { kind: 'embed', name: head.name, alias: head.alias, hint, join, spread: head.spread, children };
}
