/** Feature flags: a property '{feature}.disable' = 'true' turns an area off. */

export const FEATURES = ['topology', 'health', 'incidents', 'config', 'logs', 'playbooks', 'agents', 'settings'] as const;
export type Feature = (typeof FEATURES)[number];

export const SETTINGS_FEATURES = [
  'connections',
  'users',
  'teams',
  'rules',
  'config_scraper',
  'topology',
  'health',
  'job_history',
  'feature_flags',
  'logging_backends',
  'event_queue_status',
  'organization_profile',
  'notifications',
  'playbooks',
  'integrations',
] as const;
export type SettingsFeature = (typeof SETTINGS_FEATURES)[number];

/** A feature key as used in property names: 'health' or 'settings.job_history'. */
export type FeatureKey = Feature | `settings.${SettingsFeature}`;

/** Disabling the key on the left also disables the keys on the right. */
const IMPLIED: Record<string, FeatureKey[]> = {
  config: ['settings.config_scraper'],
  topology: ['settings.topology'],
  // The Log Backends settings exist only for the logs viewer.
  logs: ['settings.logging_backends'],
  health: ['settings.health', 'settings.job_history'],
  'settings.health': ['settings.job_history'],
};

/** Property name that disables a feature. */
export function disableProperty(key: FeatureKey): string {
  return `${key}.disable`;
}

/** The set of disabled feature keys, given the properties as name → value. */
export function disabledFeatures(properties: Readonly<Record<string, string | null | undefined>>): Set<string> {
  const out = new Set<string>();
  const add = (key: string): void => {
    if (out.has(key)) return;
    out.add(key);
    for (const implied of IMPLIED[key] ?? []) add(implied);
  };
  for (const [name, value] of Object.entries(properties)) {
    if (!name.endsWith('.disable') || String(value).trim().toLowerCase() !== 'true') continue;
    add(name.slice(0, -'.disable'.length));
  }
  return out;
}

/** Whether a feature key is enabled; 'settings.x' is off when 'settings' is off. */
export function isFeatureEnabled(disabled: ReadonlySet<string>, key: FeatureKey): boolean {
  if (disabled.has(key)) return false;
  if (key.startsWith('settings.') && disabled.has('settings')) return false;
  return true;
}
