import { describe, expect, it } from 'vitest';
import { planSummary } from './summary-plan.js';

const t = (iso: string): Date => new Date(iso);

describe('planSummary', () => {
  it('answers short ranges from raw rows', () => {
    const plan = planSummary(t('2024-05-01T11:00:00Z'), t('2024-05-01T12:00:00Z'), t('2024-05-01T11:55:00Z'));
    expect(plan.mode).toBe('raw');
  });

  it('uses hourly rollups for whole hours and raw rows for the edges', () => {
    const plan = planSummary(t('2024-04-30T12:35:00Z'), t('2024-05-01T12:35:00Z'), t('2024-05-01T12:30:00Z'));
    expect(plan).toEqual({
      mode: 'rollup',
      range: { from: t('2024-04-30T12:35:00Z'), to: t('2024-05-01T12:35:00Z') },
      raw: [
        { from: t('2024-04-30T12:35:00Z'), to: t('2024-04-30T13:00:00Z') },
        { from: t('2024-05-01T12:30:00Z'), to: t('2024-05-01T12:35:00Z') },
      ],
      hourly: [{ from: t('2024-04-30T13:00:00Z'), to: t('2024-05-01T12:30:00Z') }],
      daily: [],
    });
  });

  it('uses whole hours only when the range ends before the watermark', () => {
    const plan = planSummary(t('2024-04-30T00:10:00Z'), t('2024-04-30T10:20:00Z'), t('2024-05-01T12:30:00Z'));
    expect(plan).toMatchObject({
      raw: [
        { from: t('2024-04-30T00:10:00Z'), to: t('2024-04-30T01:00:00Z') },
        { from: t('2024-04-30T10:00:00Z'), to: t('2024-04-30T10:20:00Z') },
      ],
      hourly: [{ from: t('2024-04-30T01:00:00Z'), to: t('2024-04-30T10:00:00Z') }],
    });
  });

  it('uses daily rollups for the whole days of long ranges', () => {
    const plan = planSummary(t('2024-04-01T06:30:00Z'), t('2024-05-01T12:00:00Z'), t('2024-05-01T11:55:00Z'), t('2024-05-01T00:00:00Z'));
    expect(plan).toMatchObject({
      hourly: [
        { from: t('2024-04-01T07:00:00Z'), to: t('2024-04-02T00:00:00Z') },
        { from: t('2024-05-01T00:00:00Z'), to: t('2024-05-01T11:55:00Z') },
      ],
      daily: [{ from: t('2024-04-02T00:00:00Z'), to: t('2024-05-01T00:00:00Z') }],
    });
  });

  it('falls back to raw rows before any rollup ran', () => {
    expect(planSummary(t('2024-04-30T00:00:00Z'), t('2024-05-01T00:00:00Z'), undefined).mode).toBe('raw');
  });
});
