import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../index.js';

describe('CEL math functions', () => {
  it.each<[string, unknown]>([
    ['math.Add([1, 2, 3, 4, 5])', 15],
    ['math.Add([1, 2.5])', 3.5],
    ['math.Sub(5, 4)', 1],
    ['math.Mul([1, 2, 3, 4, 5])', 120],
    ['math.Div(4, 2)', 2],
    ['math.Div(3, 2)', 1.5],
    ['math.Rem(4, 3)', 1],
    ['math.Pow(4, 2)', 16],
    ['math.Abs(-1)', 1],
    ['math.Sign(-5)', -1],
    ['math.Ceil(2.3)', 3],
    ['math.Floor(2.3)', 2],
    ['math.Round(2.5)', 3],
    ['math.Round(-2.5)', -3],
    ['math.Trunc(-2.7)', -2],
    ['math.Sqrt(16)', 4],
    ['math.IsNaN(0.0 / 0.0)', true],
    ['math.IsInf(1.0 / 0.0)', true],
    ['math.IsFinite(5.0)', true],
    ['math.IsInt(1) && math.IsFloat(1.5) && math.IsNum(2)', true],
    ['math.greatest([1, 5, 3])', 5],
    ['math.least([4, 1.5, 3])', 1.5],
    ['math.Seq([1, 5])', [1, 2, 3, 4, 5]],
    ['math.Seq([1, 6, 2])', [1, 3, 5]],
    ['math.bitOr(5, 3)', 7],
    ['math.bitAnd(5, 3)', 1],
    ['math.bitXor(5, 3)', 6],
    ['math.bitNot(5)', -6],
    ['math.bitShiftLeft(5, 1)', 10],
    ['math.bitShiftRight(10, 1)', 5],
  ])('%s', (expr, want) => expect(evaluateCel(expr)).toEqual(want));

  it('names bad input', () => {
    expect(() => evaluateCel('math.Div(1, 0)')).toThrow('math.Div: division by zero');
    expect(() => evaluateCel('math.greatest([])')).toThrow('math.greatest: empty list');
    expect(() => evaluateCel("math.Add(['a'])")).toThrow('math.Add needs a list of numbers');
  });
});
