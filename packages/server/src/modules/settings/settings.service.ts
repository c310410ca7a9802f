import type { AppContext } from '../../context.js';
import { propertiesFilePath, readPropertiesFile } from './properties-file.js';
import type { Db } from '../../db/pool.js';
import { PropertiesRepository } from './properties.repository.js';

/** A property's current value (local file, apply or UI), for settings that change behaviour such as exec.restrictToAdmin. */
export async function readProperty(db: Db, name: string): Promise<string | undefined> {
  return new PropertiesRepository(db).value(name);
}

/**
 * At start-up, load the local properties file (feature flags set by the operator) into `properties` with
 * source 'local', removing local rows the file no longer lists. Without a file, no local rows remain.
 * A malformed file stops start-up with a message naming the file and line.
 */
export async function syncLocalProperties(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'>,
): Promise<{ file?: string; upserted: number; removed: number }> {
  const file = propertiesFilePath(ctx.config);
  const entries = file ? readPropertiesFile(file) : new Map<string, string>();
  const result = await new PropertiesRepository(ctx.db).replaceLocal(entries);
  if (file || result.removed) ctx.log.info({ file, ...result }, 'local properties loaded');
  return { file, ...result };
}
