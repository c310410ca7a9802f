// At apply: a metric a canary declares must have the type and label names other live canaries give the
// same name, since all of them write one Prometheus family. One query, only for canaries that declare
// metrics; the exporter still drops (and logs) a clash written around the API.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import { declaredMetrics, describeSignature, metricSignature, sameSignature, type ParsedCanary } from '../engine/index.js';

/** Throws a 400 naming the field when a declared metric clashes with another canary's declaration. */
export async function assertNoMetricClash(db: Kysely<Database>, parsed: ParsedCanary): Promise<void> {
  const declared = declaredMetrics(parsed.document.spec);
  if (declared.length === 0) return;
  const { name, namespace } = parsed.document.metadata;
  const names = [...new Set(declared.map((m) => m.name))];
  const others = await sql<{ namespace: string; name: string; metric: Record<string, unknown> }>`
    SELECT c.namespace, c.name, m.metric
    FROM canaries c
    CROSS JOIN LATERAL jsonb_path_query(c.spec, 'lax $.*[*].metrics[*]') AS m(metric)
    WHERE c.deleted_at IS NULL
      AND NOT (c.namespace = ${namespace} AND c.name = ${name})
      AND m.metric ->> 'name' = ANY(${names}::text[])
  `.execute(db);
  for (const m of declared) {
    const other = others.rows.find((o) => o.metric.name === m.name && !sameSignature(metricSignature(o.metric), m));
    if (!other) continue;
    const theirs = metricSignature(other.metric);
    throw badRequest(
      `${m.path}.${theirs.type === m.type ? 'labels' : 'type'}: metric "${m.name}" is a ${describeSignature(theirs)} in canary ` +
        `${other.namespace}/${other.name}; one name has one type and one set of labels`,
    );
  }
}
