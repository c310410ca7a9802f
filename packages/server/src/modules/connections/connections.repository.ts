import type { ConnectionListQuery } from '@ops/shared';
import type { ColumnType, Generated, Kysely } from 'kysely';
import { containsPattern } from '../../db/like-pattern.js';
import type { Database } from '../../db/schema.js';
import type { StoredProperty } from './sealed-values.js';

/** The stored columns a write sets. */
export interface ConnectionColumns {
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  insecure_tls: boolean;
  properties: Record<string, StoredProperty>;
  source: string;
}

/** A live connection row as stored (secrets sealed), with its creator's name. */
export interface ConnectionRecord extends ConnectionColumns {
  id: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
}

// connections (0026) is typed here rather than in db/schema.ts: only this area reads it.
interface ConnectionsTable {
  id: Generated<string>;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  insecure_tls: boolean;
  properties: ColumnType<Record<string, StoredProperty>, string, string>;
  source: string;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: ColumnType<Date | null, never, Date | null>;
}
type ConnectionsDb = Kysely<Database & { connections: ConnectionsTable }>;

// The table's sortable columns; creator sorts by the person's name.
const SORT_COLUMNS = {
  name: 'c.name',
  type: 'c.type',
  namespace: 'c.namespace',
  source: 'c.source',
  created_by: 'p.name',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
} as const satisfies Record<ConnectionListQuery['sort_by'], string>;

/** The connections table (live rows only; deletes are soft). */
export class ConnectionsRepository {
  private readonly db: ConnectionsDb;
  constructor(db: Kysely<Database>) {
    this.db = db as unknown as ConnectionsDb;
  }

  private query() {
    return this.db
      .selectFrom('connections as c')
      .leftJoin('people as p', 'p.id', 'c.created_by')
      .where('c.deleted_at', 'is', null)
      .select([
        'c.id',
        'c.name',
        'c.namespace',
        'c.type',
        'c.url',
        'c.username',
        'c.password',
        'c.certificate',
        'c.insecure_tls',
        'c.properties',
        'c.source',
        'c.created_by',
        'p.name as created_by_name',
        'c.created_at',
        'c.updated_at',
      ]);
  }

  /** Newest first; `page` limits it to a namespace and a page (the apply API lists in pages). */
  async list(page?: { namespace?: string; limit: number; offset: number }): Promise<ConnectionRecord[]> {
    let q = this.query().orderBy('c.created_at', 'desc').orderBy('c.id');
    if (page?.namespace) q = q.where('c.namespace', '=', page.namespace);
    if (page) q = q.limit(page.limit).offset(page.offset);
    return (await q.execute()) as ConnectionRecord[];
  }

  /** One page of the settings table, sorted by a column (ties by id so pages never overlap), and the total. */
  async page(query: ConnectionListQuery): Promise<{ rows: ConnectionRecord[]; total: number }> {
    let q = this.query();
    if (query.q) {
      const like = containsPattern(query.q);
      q = q.where((eb) => eb.or([eb('c.name', 'ilike', like), eb('c.namespace', 'ilike', like)]));
    }
    const [rows, count] = await Promise.all([
      q
        .orderBy(SORT_COLUMNS[query.sort_by], query.sort_order)
        .orderBy('c.id')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ConnectionRecord[], total: Number(count.n) };
  }

  async byId(id: string): Promise<ConnectionRecord | undefined> {
    return (await this.query().where('c.id', '=', id).executeTakeFirst()) as ConnectionRecord | undefined;
  }

  async byName(namespace: string, name: string): Promise<ConnectionRecord | undefined> {
    return (await this.query().where('c.namespace', '=', namespace).where('c.name', '=', name).executeTakeFirst()) as
      ConnectionRecord | undefined;
  }

  async insert(c: ConnectionColumns, createdBy: string | null): Promise<string> {
    const row = await this.db
      .insertInto('connections')
      .values({ ...c, properties: JSON.stringify(c.properties), created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, c: ConnectionColumns): Promise<void> {
    await this.db
      .updateTable('connections')
      .set({ ...c, properties: JSON.stringify(c.properties), updated_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Soft delete; false when there is no live row with this id. */
  async softDelete(id: string): Promise<boolean> {
    const res = await this.db
      .updateTable('connections')
      .set({ deleted_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
