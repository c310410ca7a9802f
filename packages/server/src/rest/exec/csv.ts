/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180); NULL is empty. */
function field(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text with a header line from column names and values as PostgreSQL prints them. */
export function toCsv(columns: string[], rows: unknown[][]): string {
  const lines = [columns.map(field).join(',')];
  for (const r of rows) lines.push(r.map(field).join(','));
  return lines.join('\n');
}

/** CSV from a JSON array of objects (write representations); keys of the first row form the header. */
export function jsonToCsv(json: string): string {
  const rows = JSON.parse(json) as Record<string, unknown>[];
  const cols = rows[0] ? Object.keys(rows[0]) : [];
  return toCsv(
    cols,
    rows.map((r) => cols.map((c) => r[c])),
  );
}

const FROM_CSV = new WeakSet<object>();

/** Whether rows came from a CSV body (their values are all text). */
export const isCsvRows = (rows: unknown): boolean => typeof rows === 'object' && rows !== null && FROM_CSV.has(rows);

/** Parse a CSV request body (header line + rows) into objects; empty fields are NULL like PostgREST. */
export function parseCsv(text: string): Record<string, string | null>[] {
  const rows = parseRecords(text);
  FROM_CSV.add(rows);
  return rows;
}

function parseRecords(text: string): Record<string, string | null>[] {
  const records: string[][] = [];
  let row: string[] = [];
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    row.push(cur === '' && !wasQuoted ? '\u0000NULL' : cur);
    cur = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endField();
      records.push(row);
      row = [];
    } else cur += ch;
  }
  if (cur !== '' || wasQuoted || row.length) {
    endField();
    records.push(row);
  }
  const [header, ...data] = records;
  if (!header) return [];
  return data
    .filter((r) => !(r.length === 1 && r[0] === '\u0000NULL'))
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] === undefined || r[i] === '\u0000NULL' ? null : r[i]!])));
}
