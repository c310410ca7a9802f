// math.* from cel-go's math extension and gomplate (Add, Sub, Mul, Div, Pow, Round, greatest, ...).
import type { CelLibrary } from '../registrar.js';

type Num = bigint | number;
const isNum = (v: unknown): v is Num => typeof v === 'bigint' || typeof v === 'number';

/** Combines two numbers; stays an int when both are ints, as CEL does. */
function op(a: Num, b: Num, f: (x: number, y: number) => number, fi: (x: bigint, y: bigint) => bigint): Num {
  return typeof a === 'bigint' && typeof b === 'bigint' ? fi(a, b) : f(Number(a), Number(b));
}

function nums(list: unknown[], fn: string): Num[] {
  if (!list.every(isNum)) throw new Error(`math.${fn} needs a list of numbers`);
  return list as Num[];
}

function extreme(list: unknown[], fn: string, pick: (a: Num, b: Num) => boolean): Num {
  const l = nums(list, fn);
  if (l.length === 0) throw new Error(`math.${fn}: empty list`);
  return l.reduce((a, b) => (pick(b, a) ? b : a));
}

const toDouble = (v: Num) => Number(v);

/** Registers the math.* namespace. */
export const mathLibrary: CelLibrary = (r) => {
  r.fn('math.Add', ['list'], 'dyn', (l: unknown[]) =>
    nums(l, 'Add').reduce<Num>(
      (a, b) =>
        op(
          a,
          b,
          (x, y) => x + y,
          (x, y) => x + y,
        ),
      0n,
    ),
  );
  r.fn('math.Mul', ['list'], 'dyn', (l: unknown[]) =>
    nums(l, 'Mul').reduce<Num>(
      (a, b) =>
        op(
          a,
          b,
          (x, y) => x * y,
          (x, y) => x * y,
        ),
      1n,
    ),
  );
  r.fn('math.Sub', ['dyn', 'dyn'], 'dyn', (a: Num, b: Num) =>
    op(
      a,
      b,
      (x, y) => x - y,
      (x, y) => x - y,
    ),
  );
  r.fn('math.Div', ['dyn', 'dyn'], 'double', (a: Num, b: Num) => {
    if (Number(b) === 0) throw new Error('math.Div: division by zero');
    return Number(a) / Number(b);
  });
  r.fn('math.Rem', ['dyn', 'dyn'], 'dyn', (a: Num, b: Num) => {
    if (Number(b) === 0) throw new Error('math.Rem: division by zero');
    return op(
      a,
      b,
      (x, y) => x % y,
      (x, y) => x % y,
    );
  });
  r.fn('math.Pow', ['dyn', 'dyn'], 'double', (a: Num, b: Num) => Math.pow(Number(a), Number(b)));
  r.fn('math.Abs', ['dyn'], 'dyn', (a: Num) => (typeof a === 'bigint' ? (a < 0n ? -a : a) : Math.abs(a)));
  r.fn('math.Sign', ['dyn'], 'dyn', (a: Num) => (typeof a === 'bigint' ? (a > 0n ? 1n : a < 0n ? -1n : 0n) : Math.sign(a)));
  for (const [name, f] of [
    ['Ceil', Math.ceil],
    ['Floor', Math.floor],
    ['Trunc', Math.trunc],
    ['Sqrt', Math.sqrt],
  ] as const) {
    r.fn(`math.${name}`, ['dyn'], 'double', (a: Num) => f(toDouble(a)));
  }
  r.fn('math.Round', ['dyn'], 'double', (a: Num) => {
    const x = toDouble(a);
    return x < 0 ? -Math.round(-x) : Math.round(x);
  });
  r.fn('math.IsNaN', ['dyn'], 'bool', (a: Num) => typeof a === 'number' && Number.isNaN(a));
  r.fn('math.IsInf', ['dyn'], 'bool', (a: Num) => typeof a === 'number' && Math.abs(a) === Infinity);
  r.fn('math.IsFinite', ['dyn'], 'bool', (a: Num) => typeof a === 'bigint' || Number.isFinite(a));
  r.fn('math.IsInt', ['dyn'], 'bool', (a: unknown) => typeof a === 'bigint');
  r.fn('math.IsFloat', ['dyn'], 'bool', (a: unknown) => typeof a === 'number');
  r.fn('math.IsNum', ['dyn'], 'bool', (a: unknown) => isNum(a));
  r.fn('math.greatest', ['list'], 'dyn', (l: unknown[]) => extreme(l, 'greatest', (a, b) => Number(a) > Number(b)));
  r.fn('math.least', ['list'], 'dyn', (l: unknown[]) => extreme(l, 'least', (a, b) => Number(a) < Number(b)));
  r.fn('math.Seq', ['list'], 'list<int>', (l: unknown[]) => {
    const [a, b, s = 1n] = nums(l, 'Seq').map((x) => BigInt(Math.trunc(Number(x))));
    if (a === undefined || b === undefined || s === 0n) throw new Error('math.Seq needs [start, end] or [start, end, step]');
    if ((b - a) / s > 100_000n) throw new Error('math.Seq would create more than 100000 elements');
    const out: bigint[] = [];
    for (let i = a; s > 0n ? i <= b : i >= b; i += s) out.push(i);
    return out;
  });
  const bit = (name: string, f: (x: bigint, y: bigint) => bigint) => r.fn(`math.${name}`, ['int', 'int'], 'int', f);
  bit('bitOr', (x, y) => x | y);
  bit('bitAnd', (x, y) => x & y);
  bit('bitXor', (x, y) => x ^ y);
  bit('bitShiftLeft', (x, y) => BigInt.asIntN(64, x << y));
  bit('bitShiftRight', (x, y) => x >> y);
  r.fn('math.bitNot', ['int'], 'int', (x: bigint) => ~x);
};
