import type pg from 'pg';
import type { MediaKind } from '../parse/accept.js';
import type { Preferences } from '../parse/prefer.js';
import type { Registry } from '../registry.js';
import type { SchemaCache } from '../schema/model.js';
import type { Actor, RestRequest } from '../types.js';

/** Everything a request handler needs, resolved once per request. */
export interface HandlerContext {
  pool: pg.Pool;
  cache: SchemaCache;
  registry: Registry;
  actor: Actor;
  req: RestRequest;
  prefs: Preferences;
  media: MediaKind;
  /** `Prefer: count=estimated` counts exactly below this many planned rows. */
  estimatedCountThreshold: number;
}

/** Raw text for every column: CSV shows values as PostgreSQL prints them. */
export const TEXT_TYPES = { getTypeParser: () => (v: string) => v } as unknown as pg.CustomTypesConfig;
