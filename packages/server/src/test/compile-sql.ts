// Kysely's own PostgreSQL compiler without a connection, for unit tests of SQL fragments: the statement text
// and parameters as they would go to the database.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type RawBuilder } from 'kysely';

const compiler = new Kysely<object>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Conditions joined with AND, compiled to their SQL text and parameters. */
export const compiled = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` AND `).compile(compiler);
