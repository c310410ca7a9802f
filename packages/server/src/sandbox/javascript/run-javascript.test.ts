import { describe, expect, it } from 'vitest';
import { quickjsReady } from './quickjs-module.js';
import { JavascriptError, javascriptSyntaxError, runJavascript } from './run-javascript.js';

const error = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(JavascriptError);
    return (err as Error).message;
  }
  throw new Error('expected the script to fail');
};

describe('runJavascript', () => {
  it('returns the completion value as JSON data, with the globals it was given', () => {
    expect(runJavascript('config.map(function (c) { c.added = "a"; return c })', { globals: { config: [{ id: 1 }, { id: 2 }] } })).toEqual([
      { id: 1, added: 'a' },
      { id: 2, added: 'a' },
    ]);
    expect(runJavascript('code == 200 && json.ok', { globals: { code: 200, json: { ok: true } } })).toBe(true);
    expect(runJavascript('"$1 = " + [1, 2].join(", ")')).toBe('$1 = 1, 2');
    expect(runJavascript('var x = 1')).toBeUndefined();
    expect(runJavascript('null')).toBeNull();
    expect(runJavascript('new Date(0)')).toBe('1970-01-01T00:00:00.000Z');
    // Sloppy mode, as otto runs canary-checker's scripts: assignments to undeclared names work.
    expect(runJavascript('codes = {EUR: "€"}; codes.EUR')).toBe('€');
  });

  it('a script redefining JSON still has its result read', () => {
    expect(runJavascript('JSON = null; ({a: [1]})')).toEqual({ a: [1] });
  });

  it('reports a syntax error, a thrown error and a non-error throw with their position', () => {
    expect(error(() => runJavascript('var x = ;', { filename: 'transform.javascript' }))).toBe(
      "SyntaxError: unexpected token in expression: ';' at line 1, column 9",
    );
    expect(error(() => runJavascript('\n\nnull.x'))).toBe("TypeError: cannot read property 'x' of null at line 3, column 5");
    expect(error(() => runJavascript('throw new Error("boom")'))).toBe('Error: boom at line 1, column 16');
    expect(error(() => runJavascript('throw "boom"'))).toBe('uncaught exception: boom');
    expect(error(() => runJavascript('var o = {}; o.o = o; o'))).toBe('TypeError: circular reference');
  });

  it('stops an infinite loop at the deadline', () => {
    const started = Date.now();
    expect(error(() => runJavascript('while (true) {}', { timeoutMs: 200 }))).toBe('script did not finish within 200 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
    // A catastrophic regular expression is interrupted as well.
    expect(error(() => runJavascript('/(a+)+$/.test("a".repeat(40) + "b")', { timeoutMs: 200 }))).toBe(
      'script did not finish within 200 ms',
    );
  });

  it('stops a memory blow-up at the limit', () => {
    // A generous deadline: the memory limit, not the clock, must stop these.
    const slow = { timeoutMs: 20_000 };
    expect(error(() => runJavascript('var a = []; while (true) a.push("x".repeat(1 << 20) + a.length)', slow))).toBe(
      'script ran out of memory (limit 128 MiB)',
    );
    expect(error(() => runJavascript('var a = []; while (true) a.push(new Float64Array(1 << 20))', slow))).toBe(
      'script ran out of memory (limit 128 MiB)',
    );
    // The memory is free again for the next script.
    expect(runJavascript('"x".repeat(1 << 20).length')).toBe(1 << 20);
    expect(error(() => runJavascript('function f() { return f() + 1 } f()'))).toMatch(/^InternalError: stack overflow/);
  });

  it('gives no access to the host: require, process, fetch, files, timers, modules', () => {
    expect(
      runJavascript(
        '[typeof require, typeof process, typeof fetch, typeof std, typeof os, typeof setTimeout, typeof WebAssembly, typeof XMLHttpRequest]',
      ),
    ).toEqual(Array(8).fill('undefined'));
    expect(error(() => runJavascript('require("fs").readFileSync("/etc/passwd")'))).toBe(
      "ReferenceError: 'require' is not defined at line 1, column 1",
    );
    expect(error(() => runJavascript('process.env'))).toMatch(/^ReferenceError: 'process' is not defined/);
    // Dynamic import has no loader and no job queue to settle in: nothing is loaded.
    expect(runJavascript('import("fs").then(function (m) { globalThis.fs = m }); typeof fs')).toBe('undefined');
  });

  it('keeps nothing between evaluations', () => {
    runJavascript('globalThis.leak = 1; Object.prototype.polluted = true');
    expect(runJavascript('[typeof leak, ({}).polluted]')).toEqual(['undefined', null]);
  });

  it('survives a host stack overflow: the script fails and the sandbox comes back', async () => {
    // Deep host recursion leaves the parser little of V8's stack: the overflow happens in V8, not QuickJS.
    const nested = '('.repeat(20_000) + '1' + ')'.repeat(20_000);
    const deep = (n: number): string => (n > 0 ? deep(n - 1) : error(() => runJavascript(nested)));
    expect(deep(6_000)).toMatch(/stack|restarting/);
    await quickjsReady();
    expect(runJavascript('1 + 1')).toBe(2);
  });
});

describe('javascriptSyntaxError', () => {
  it('names the problem and its place, and runs nothing', () => {
    expect(javascriptSyntaxError('var x = 1;\nx +', 'f.js')).toBe("SyntaxError: unexpected token in expression: '' at line 2, column 4");
    expect(javascriptSyntaxError('while (true) {}')).toBeUndefined();
    expect(javascriptSyntaxError('config.map(c => c)')).toBeUndefined();
  });
});
