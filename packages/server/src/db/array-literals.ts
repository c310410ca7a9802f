// Array parameters of the per-batch statements (check results, schedule rows, job history) as PostgreSQL
// array literals built here. pg's generic conversion quotes every element through two regular expressions
// and formats each Date field by field in local time; at thousands of runs a minute that was a visible share
// of the server's CPU. Ids and ISO times contain no character an array literal must quote.

/** A uuid[] literal; null elements become NULL. */
export function uuidArray(ids: readonly (string | null | undefined)[]): string {
  return `{${ids.map((id) => id ?? 'NULL').join(',')}}`;
}

/** A timestamptz[] literal of the times in UTC (ISO 8601); null elements become NULL. */
export function timeArray(times: readonly (Date | null | undefined)[]): string {
  return `{${times.map((t) => (t ? t.toISOString() : 'NULL')).join(',')}}`;
}
