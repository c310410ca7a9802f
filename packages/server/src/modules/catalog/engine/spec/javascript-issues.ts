// A scraper's JavaScript transform is compiled (not run) when the ScrapeConfig is saved, so a script
// that cannot run is refused at apply with its field named rather than failing at every scrape.
import { javascriptSyntaxError } from '../../../../sandbox/javascript/run-javascript.js';

/** The first JavaScript transform in `spec` that does not compile, as its field path and message. */
export function javascriptIssue(spec: Record<string, unknown>): { path: string; message: string } | undefined {
  for (const [type, list] of Object.entries(spec)) {
    if (!Array.isArray(list)) continue;
    for (const [i, entry] of list.entries()) {
      const transform = (entry as { transform?: { javascript?: unknown; script?: { javascript?: unknown } } } | null)?.transform;
      const scripts: Array<[string, unknown]> = [
        ['transform.javascript', transform?.javascript],
        ['transform.script.javascript', transform?.script?.javascript],
      ];
      for (const [field, code] of scripts) {
        if (typeof code !== 'string' || code.trim() === '') continue;
        const message = javascriptSyntaxError(code, field);
        if (message) return { path: `spec.${type}[${i}].${field}`, message };
      }
    }
  }
  return undefined;
}
