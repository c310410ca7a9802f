import { readFileSync } from 'node:fs';

/** The backend version, read from the root package.json; 'NA' if it cannot be read. */
export function readVersion(): string {
  try {
    const url = new URL('../../../package.json', import.meta.url);
    const pkg = JSON.parse(readFileSync(url, 'utf8')) as { version?: string };
    return pkg.version ?? 'NA';
  } catch {
    return 'NA';
  }
}
