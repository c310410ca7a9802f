import { describe, expect, it } from 'vitest';
import { featureFlagKind } from './feature-flag.kind.js';
import { FLANKSOURCE_KINDS } from './flanksource-kinds.js';
import { KindRegistry, type UnsupportedKind } from './kind-registry.js';

describe('KindRegistry', () => {
  const registry = new KindRegistry([...FLANKSOURCE_KINDS, featureFlagKind]);

  it('finds document kinds exactly and URL names by plural or alias, ignoring case', () => {
    expect(registry.forDocument('FeatureFlag')?.kind).toBe('FeatureFlag');
    expect(registry.forDocument('featureflag')).toBeUndefined();
    for (const name of ['featureflags', 'FLAGS', 'feature-flag', 'FeatureFlag']) expect(registry.resolve(name)?.kind).toBe('FeatureFlag');
    expect(registry.resolve('canaries')?.kind).toBe('Canary');
    expect(registry.resolve('silences')?.kind).toBe('NotificationSilence');
    expect(registry.resolve('gadget')).toBeUndefined();
  });

  it('lets a later area replace a placeholder with its own entry', () => {
    const r = new KindRegistry(FLANKSOURCE_KINDS);
    const replacement: UnsupportedKind = {
      kind: 'Canary',
      apiVersions: ['canaries.flanksource.com/v1'],
      aliases: ['checks'],
      resource: 'canaries',
      namespaced: true,
      supported: false,
    };
    r.register(replacement);
    expect(r.resolve('checks')).toBe(replacement);
    expect(r.resolve('canaries')).toBe(replacement);
    expect(r.resolve('topologies')?.kind).toBe('Topology');
    expect(r.all().filter((k) => k.kind === 'Canary')).toHaveLength(1);
  });

  it('refuses an alias that another kind already uses', () => {
    const r = new KindRegistry(FLANKSOURCE_KINDS);
    const clash: UnsupportedKind = {
      kind: 'Gadget',
      apiVersions: ['x/v1'],
      aliases: ['canaries'],
      resource: 'database',
      namespaced: false,
      supported: false,
    };
    expect(() => r.register(clash)).toThrow('kind alias canaries of Gadget is already used by Canary');
  });
});
