import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machineInfo, type MachineInfo } from './machine.js';

export const BENCH_DIR = path.resolve(import.meta.dirname, '..');
export const WORK_DIR = path.join(BENCH_DIR, '.work');
export const RESULTS_DIR = path.join(WORK_DIR, 'results');

/** One measured figure against its target. */
export interface Figure {
  label: string;
  value: number;
  unit: string;
  /** Human form of the target, e.g. '≤ 1.5×'. */
  target: string;
  pass: boolean;
  note?: string;
}

/** What a `*.bench.ts` leaves behind for scripts/bench.mjs to put into RESULTS.md. */
export interface BenchResult {
  name: string;
  title: string;
  ok: boolean;
  error?: string;
  figures: Figure[];
  /** The rest of the section: method, tables, ratios. */
  markdown: string;
  machine: MachineInfo;
  seconds: number;
}

/** A figure whose pass/fail is computed from a bound. */
export function figure(label: string, value: number, unit: string, bound: { max?: number; min?: number }, note?: string): Figure {
  const pass = (bound.max === undefined || value <= bound.max) && (bound.min === undefined || value >= bound.min);
  const withUnit = (n: number): string => `${formatNumber(n)}${unit === '×' ? '×' : ` ${unit}`}`;
  const target = [bound.min !== undefined ? `≥ ${withUnit(bound.min)}` : '', bound.max !== undefined ? `≤ ${withUnit(bound.max)}` : '']
    .filter(Boolean)
    .join(' and ');
  return { label, value, unit, target, pass, ...(note ? { note } : {}) };
}

/**
 * Run a benchmark body and write its result file (also on failure, so RESULTS.md says what broke).
 * The process exits 1 when the body throws.
 */
export async function runBench(name: string, title: string, body: () => Promise<{ figures: Figure[]; markdown: string }>): Promise<void> {
  const started = Date.now();
  const base = { name, title, machine: machineInfo() };
  let result: BenchResult;
  try {
    const out = await body();
    result = { ...base, ok: true, ...out, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    result = { ...base, ok: false, error, figures: [], markdown: '', seconds: (Date.now() - started) / 1000 };
    console.error(`bench ${name} failed:`, error);
    process.exitCode = 1;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify(result, null, 2));
}

/** 3,000 / 1.23 / 0.456: thousands separated, at most three significant decimals. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}
