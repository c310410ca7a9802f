import { afterEach, describe, expect, it } from 'vitest';
import {
  COLUMN_WIDTHS_KEY,
  DEFAULT_COLUMN_WIDTHS,
  gridTemplate,
  loadColumnWidths,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  resizeColumn,
  saveColumnWidths,
} from './column-widths';

afterEach(() => window.localStorage.clear());

describe('log column widths', () => {
  it('start at the defaults and come back as saved', () => {
    expect(loadColumnWidths()).toEqual(DEFAULT_COLUMN_WIDTHS);
    const resized = resizeColumn(DEFAULT_COLUMN_WIDTHS, 'time', 321.4);
    saveColumnWidths(resized);
    expect(loadColumnWidths()).toEqual({ ...DEFAULT_COLUMN_WIDTHS, time: 321 });
  });

  it('clamp widths and ignore stored values that are not numbers', () => {
    expect(resizeColumn(DEFAULT_COLUMN_WIDTHS, 'level', 3).level).toBe(MIN_COLUMN_WIDTH);
    expect(resizeColumn(DEFAULT_COLUMN_WIDTHS, 'labels', 1e6).labels).toBe(MAX_COLUMN_WIDTH);
    window.localStorage.setItem(COLUMN_WIDTHS_KEY, JSON.stringify({ time: 'wide', level: 120, message: null }));
    expect(loadColumnWidths()).toEqual({ ...DEFAULT_COLUMN_WIDTHS, level: 120 });
    window.localStorage.setItem(COLUMN_WIDTHS_KEY, '{not json');
    expect(loadColumnWidths()).toEqual(DEFAULT_COLUMN_WIDTHS);
  });

  it('give the message the rest of the row', () => {
    expect(gridTemplate({ time: 200, level: 90, message: 400, labels: 260 })).toBe('200px 90px minmax(400px, 1fr) 260px');
  });
});
