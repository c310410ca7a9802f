import type { LogLineWire } from '@ops/shared';

export type DownloadFormat = 'log' | 'json';

const labelsText = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');

/** Lines as a .log file: one line each, `timestamp [LEVEL] message labels`, oldest first like a log file. */
export function toLogText(lines: readonly LogLineWire[]): string {
  const out: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    const level = l.severity ? ` [${l.severity.toUpperCase()}]` : '';
    const labels = labelsText(l.labels);
    out.push(`${l.timestamp}${level} ${l.message}${labels ? ` ${labels}` : ''}`);
  }
  return out.length ? `${out.join('\n')}\n` : '';
}

/** Lines as a .json file: the lines as the API returned them (newest first). */
export function toLogJson(lines: readonly LogLineWire[]): string {
  return `${JSON.stringify(lines, null, 2)}\n`;
}

/** The file name: the component's name and the range's start (`api-2026-01-02T03-04-05.log`). */
export function downloadFileName(name: string, start: Date, format: DownloadFormat): string {
  const safe = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'logs';
  const stamp = start
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/:/g, '-');
  return `${safe}-${stamp}.${format}`;
}
