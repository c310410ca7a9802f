import { describe, expect, it } from 'vitest';
import { SCHEDULE_CHOICES, scheduleOptions } from './schedule-choices';

describe('scheduleOptions', () => {
  it('offers the choices, daily and weekly included, and keeps a stored value that is not one of them', () => {
    expect(scheduleOptions('@every 5m')).toEqual([...SCHEDULE_CHOICES]);
    expect(scheduleOptions('').map((o) => o.value)).toContain('@weekly');
    expect(scheduleOptions('0 */2 * * *').at(-1)).toEqual({ value: '0 */2 * * *', label: '0 */2 * * *' });
  });
});
