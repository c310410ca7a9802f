import type { OrderTerm } from './ast.js';
import type { Cursor } from './cursor.js';
import { parseField, parseFieldName } from './field.js';
import { runParser } from './run.js';

/** Parse `order=a.desc.nullslast,data->>b,rel(col).asc`. */
export function parseOrder(src: string): OrderTerm[] {
  return runParser('order', src, (c) => {
    const terms = [term(c)];
    while (c.eat(',')) terms.push(term(c));
    if (!c.done) c.fail('"," or end of input');
    return terms;
  });
}

function term(c: Cursor): OrderTerm {
  c.skipWs();
  const start = c.pos;
  let relation: string | undefined;
  const name = parseFieldName(c);
  let field;
  if (c.eat('(')) {
    relation = name;
    field = parseField(c);
    c.expect(')');
  } else {
    c.pos = start;
    field = parseField(c);
  }
  const t: OrderTerm = { relation, field };
  if (c.peek() === '.') {
    if (c.eat('.asc')) t.direction = 'asc';
    else if (c.eat('.desc')) t.direction = 'desc';
    if (c.eat('.nullsfirst')) t.nulls = 'first';
    else if (c.eat('.nullslast')) t.nulls = 'last';
    if (t.direction === undefined && t.nulls === undefined) {
      c.pos++;
      c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
    }
  }
  c.skipWs();
  if (!c.done && c.peek() !== ',') c.fail(t.nulls ? '"," or end of input' : 'delimiter (.), "," or end of input');
  return t;
}
