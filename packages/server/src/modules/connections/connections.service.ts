// Connections as the API and the `Connection` kind manage them. Every answer is a masked view; the
// creator is the caller; deletes are soft. Nothing here logs or reports a credential.
import type { ConnectionList, ConnectionListQuery, ConnectionView } from '@ops/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isPgError } from '../../db/pg-error.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { Principal } from '../identity/index.js';
import { connectionCacheFor } from './connection-cache.js';
import { toConnectionView } from './connection-view.js';
import { columnsFor, type ConnectionChange } from './connection-writes.js';
import { ConnectionsRepository, type ConnectionColumns, type ConnectionRecord } from './connections.repository.js';
import { ConnectionSealer, UnreadableSecretError } from './sealed-values.js';

export type ApplyAction = 'created' | 'updated' | 'unchanged';

export class ConnectionsService {
  private readonly sealer: ConnectionSealer;

  constructor(private readonly ctx: AppContext) {
    this.sealer = ConnectionSealer.for(ctx.config);
  }

  private repo(db: Kysely<Database> = this.ctx.db.kysely): ConnectionsRepository {
    return new ConnectionsRepository(db);
  }

  view(rec: ConnectionRecord): ConnectionView {
    return toConnectionView(this.sealer, rec);
  }

  async list(query: ConnectionListQuery): Promise<ConnectionList> {
    const { rows, total } = await this.repo().page(query);
    return { connections: rows.map((r) => this.view(r)), total, page: query.page, page_size: query.page_size };
  }

  async get(id: string): Promise<ConnectionView> {
    return this.view(await this.live(id));
  }

  async create(
    change: ConnectionChange & { name: string; namespace: string; type: string },
    principal: Principal,
  ): Promise<ConnectionView> {
    const columns = columnsFor(this.sealer, change, undefined, 'UI');
    const id = await this.write(columns, () => this.repo().insert(columns, principal.id));
    return this.get(id);
  }

  /**
   * An edit: secrets sent as the mask or left out keep their stored values. The source stays what it was, so a
   * connection from apply or a CRD still links to where it is defined.
   */
  async update(id: string, change: ConnectionChange): Promise<ConnectionView> {
    const stored = await this.live(id);
    const columns = columnsFor(this.sealer, change, stored, stored.source);
    await this.write(columns, () => this.repo().update(id, columns));
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.repo().softDelete(id))) throw notFound(`connection ${id} not found`);
    this.forget();
  }

  /** Create or replace `namespace/name` from a `Connection` document in the apply transaction `db`. */
  async apply(
    db: Kysely<Database>,
    change: Required<ConnectionChange>,
    principal: Principal,
  ): Promise<{ id: string; action: ApplyAction }> {
    const repo = this.repo(db);
    const stored = await repo.byName(change.namespace, change.name);
    if (!stored) {
      const columns = columnsFor(this.sealer, change, undefined, 'apply');
      return { id: await this.write(columns, () => repo.insert(columns, principal.id)), action: 'created' };
    }
    if (this.sameAs(stored, change)) return { id: stored.id, action: 'unchanged' };
    // A document is the whole connection: what it leaves out is cleared, not kept.
    const columns = columnsFor(this.sealer, change, { ...stored, properties: {} }, 'apply');
    await this.write(columns, () => repo.update(stored.id, columns));
    return { id: stored.id, action: 'updated' };
  }

  async byName(db: Kysely<Database>, namespace: string, name: string): Promise<ConnectionRecord | undefined> {
    return this.repo(db).byName(namespace, name);
  }

  async listPage(db: Kysely<Database>, page: { namespace?: string; limit: number; offset: number }): Promise<ConnectionRecord[]> {
    return this.repo(db).list(page);
  }

  async deleteByName(db: Kysely<Database>, namespace: string, name: string): Promise<boolean> {
    const stored = await this.repo(db).byName(namespace, name);
    if (!stored) return false;
    this.forget();
    return this.repo(db).softDelete(stored.id);
  }

  // Checks and scrapers resolve through a short-lived cache; a write here must not wait for it to expire.
  private forget(): void {
    connectionCacheFor(this.ctx.db).clear();
  }

  private async live(id: string): Promise<ConnectionRecord> {
    const rec = await this.repo().byId(id);
    if (!rec) throw notFound(`connection ${id} not found`);
    return rec;
  }

  // The unique (namespace, name) index answers a duplicate; it becomes a 409 naming both.
  private async write<T>(columns: ConnectionColumns, run: () => Promise<T>): Promise<T> {
    try {
      this.forget();
      const out = await run();
      this.forget(); // a use between the two may have read the row as it was
      return out;
    } catch (err) {
      if (isPgError(err) && err.code === '23505') {
        throw new HttpError(409, `a connection named ${columns.name} already exists in namespace ${columns.namespace}`);
      }
      throw err;
    }
  }

  // Whether a stored row already holds what a document asks for (compared in clear, never reported).
  private sameAs(stored: ConnectionRecord, change: Required<ConnectionChange>): boolean {
    try {
      const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
      const props = Object.fromEntries(
        Object.entries(stored.properties).map(([k, p]) => [k, this.sealer.decodeProperty(p, `properties.${k}`)]),
      );
      const want = Object.fromEntries(
        Object.entries(change.properties).map(([k, v]) => [k, typeof v === 'string' || typeof v === 'object' ? v : String(v)]),
      );
      return (
        stored.source === 'apply' &&
        stored.type === change.type &&
        stored.insecure_tls === change.insecure_tls &&
        (['url', 'username', 'password', 'certificate'] as const).every((f) => same(this.sealer.decode(stored[f], f), change[f] || null)) &&
        same(sortKeys(props), sortKeys(want))
      );
    } catch (err) {
      if (err instanceof UnreadableSecretError) return false;
      throw err;
    }
  }
}

const sortKeys = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
