// A webhook call as the run keeps it (`playbook_runs.request`) and templates read it as `.request`:
// method, url, headers, query parameters, the body as sent and, for a JSON body, the parsed value.
import { jsonTooDeepAt } from '../../../http/json-depth.js';

/** The run's `request`: `.request.params.name`, `.request.json.field`, `.request.headers['x-event']`. */
export interface WebhookRunRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  content: string;
  json?: unknown;
}

// Credentials the caller sent stay out of the run, which anyone who may read runs can see.
const WITHHELD = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** The request as the run keeps it; the body is parsed when it is JSON (a body that is not stays text only). */
export function webhookRunRequest(input: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: Buffer;
}): WebhookRunRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    if (value === undefined || WITHHELD.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.query)) {
    if (value !== undefined) params[name] = Array.isArray(value) ? String(value[0]) : String(value);
  }
  const content = input.body.toString('utf8');
  return { method: input.method, url: input.url, headers, params, content, json: parseJson(content) };
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  // Deep nesting would overflow the stack where templates walk it later: such a body stays text.
  if (jsonTooDeepAt(trimmed) >= 0) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}
