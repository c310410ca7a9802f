import { describe, expect, it } from 'vitest';
import { healthColor, uptimeBarColor } from './health-colors';

describe('health colours', () => {
  it('maps health values to red, grey, orange and green', () => {
    for (const v of ['degraded', 'missing', 'unhealthy', 'Unhealthy', 'bad']) expect(healthColor(v)).toBe('red');
    expect(healthColor(false)).toBe('red');
    for (const v of ['unknown', 'suspended', '', null, undefined]) expect(healthColor(v)).toBe('grey');
    for (const v of ['warning', 'warn', 'mixed']) expect(healthColor(v)).toBe('orange');
    for (const v of ['healthy', 'good', true]) expect(healthColor(v)).toBe('green');
  });

  it('colours the uptime bar orange above 75% and red above 90%', () => {
    expect(uptimeBarColor(0)).toBe('green');
    expect(uptimeBarColor(75)).toBe('green');
    expect(uptimeBarColor(75.1)).toBe('orange');
    expect(uptimeBarColor(90)).toBe('orange');
    expect(uptimeBarColor(90.5)).toBe('red');
  });
});
