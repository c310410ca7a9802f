import { describe, expect, it } from 'vitest';
import { HEALTH_CHIP_ORDER, healthChipLink, healthRank, healthState } from './health';

describe('health chips', () => {
  it('are ordered green, red, orange, gray', () => {
    expect(HEALTH_CHIP_ORDER).toEqual(['healthy', 'unhealthy', 'warning', 'unknown']);
  });

  it('link to the flat list of the type with the state included', () => {
    expect(healthChipLink('Kubernetes::Pod', 'unhealthy')).toBe('/catalog?configType=Kubernetes__Pod&health=unhealthy%3A1');
  });

  it('treats unknown values as unknown and ranks by health order', () => {
    expect(healthState('degraded')).toBe('unknown');
    expect(healthState(null)).toBe('unknown');
    expect([healthRank('info'), healthRank('healthy'), healthRank('warning'), healthRank('unhealthy'), healthRank(null)]).toEqual([
      4, 3, 2, 1, 0,
    ]);
  });
});
