// mysql, mssql and mongodb: recognised and validated, but no driver is installed in this build,
// so each run is reported invalid with a message that says so instead of pretending to probe.
import type { CheckType } from '../check-type.js';
import { checkSchema, connectionFields, optionalInt, optionalString } from '../common-schema.js';

function unavailable(type: string, product: string): CheckType {
  return {
    type,
    schema: checkSchema({ ...connectionFields, query: optionalString(), results: optionalInt() }),
    endpoint: (spec) => String(spec.url || spec.connection || '').replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:###@'),
    unavailable: `${type} checks are recognised but cannot run here: no ${product} driver is installed in this build`,
  };
}

export const mysqlCheck = unavailable('mysql', 'MySQL');
export const mssqlCheck = unavailable('mssql', 'SQL Server');
export const mongodbCheck = unavailable('mongodb', 'MongoDB');
