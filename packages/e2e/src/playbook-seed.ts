import { expect, type APIRequestContext } from '@playwright/test';
import type { Db } from './e2e-db.js';
import { seedRows } from './seed.js';

/** Apply a Playbook YAML document as `ops apply` would (POST /api/resources/apply) and return the playbook's id. */
export async function applyPlaybookYaml(api: APIRequestContext, yaml: string, name: string): Promise<string> {
  const applied = await api.post('/api/resources/apply', { headers: { 'content-type': 'application/yaml' }, data: yaml });
  expect(applied.status(), await applied.text()).toBe(200);
  const found = await api.get(`/api/db/playbook_names?name=eq.${encodeURIComponent(name)}&select=id`);
  const [row] = (await found.json()) as { id: string }[];
  expect(row, `playbook ${name} after apply`).toBeDefined();
  return row!.id;
}

/** A catalogue item as a scraper would leave it (the run dialog's Resource picker searches these). */
export async function seedConfigItem(db: Db, item: { name: string; type: string; configClass: string }): Promise<string> {
  const [row] = await seedRows<{ id: string }>(db, 'config_items', [
    { external_id: [item.name], type: item.type, config_class: item.configClass, name: item.name, health: 'healthy' },
  ]);
  return row!.id;
}
