import type { BenchResult } from './result.js';
import { formatNumber } from './result.js';
import { machineLine, type MachineInfo } from './machine.js';

const open = (name: string): string => `<!-- bench:${name} -->`;
const close = (name: string): string => `<!-- /bench:${name} -->`;
const SECTION = /<!-- bench:([\w.-]+) -->\n[\s\S]*?<!-- \/bench:\1 -->/g;

/** The sections of an existing RESULTS.md by bench name, in file order. */
export function parseSections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of markdown.matchAll(SECTION)) out.set(m[1] as string, m[0]);
  return out;
}

/** One bench's section, between its markers: figures vs targets first, then the bench's own text. */
export function renderSection(r: BenchResult): string {
  const lines = [open(r.name), `## ${r.title}`, '', `_${machineLine(r.machine)} · ran ${formatNumber(r.seconds)} s_`, ''];
  if (!r.ok) {
    lines.push('**FAILED** — the benchmark did not finish:', '', '```', (r.error ?? 'unknown error').slice(0, 4000), '```');
  } else {
    lines.push('| figure | value | target | result |', '|---|---:|---|---|');
    for (const f of r.figures) {
      const value = `${formatNumber(f.value)}${f.unit === '×' ? '×' : ` ${f.unit}`}`;
      // A figure without a target is measured for context, not judged.
      const verdict = !f.target ? 'for reference' : f.pass ? 'pass' : '**MISS**';
      lines.push(`| ${f.label} | ${value} | ${f.target || '—'} | ${verdict}${f.note ? ` (${f.note})` : ''} |`);
    }
    lines.push('', r.markdown.trim());
  }
  lines.push(close(r.name));
  return lines.join('\n');
}

/**
 * The whole RESULTS.md: a header with the machine of this run, then every section — fresh ones
 * from this run, and the previous text of benches that were not run this time.
 */
export function composeResults(existing: string, fresh: BenchResult[], machine: MachineInfo): string {
  const sections = parseSections(existing);
  for (const r of fresh) sections.set(r.name, renderSection(r));
  const names = [...sections.keys()].sort();
  const header = [
    '# Benchmark results',
    '',
    '`npm run bench` (scripts/bench.mjs) runs every `bench/*.bench.ts` and rewrites this file; each benchmark',
    'owns one section (between HTML comments naming it), so `npm run bench -- <name>` refreshes that section and',
    'keeps the others. Ratios compare against a baseline measured in the same run; absolute figures hold only for',
    'the machine (and its load average) named in their section.',
    '',
    `Last run: ${machineLine(machine)}.`,
    '',
    '| benchmark | section |',
    '|---|---|',
    ...names.map((n) => `| ${n} | ${sectionStatus(sections.get(n) as string)} |`),
  ];
  return `${header.join('\n')}\n\n${names.map((n) => sections.get(n)).join('\n\n')}\n`;
}

// A one-word verdict for the index: failed run, a missed target, or all targets met.
function sectionStatus(section: string): string {
  if (section.includes('**FAILED**')) return 'failed to run';
  if (section.includes('**MISS**')) return 'ran; some targets missed';
  return 'ran; all targets met';
}
