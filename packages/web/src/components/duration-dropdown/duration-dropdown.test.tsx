import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DurationDropdown, durationOptionMs } from './duration-dropdown';

afterEach(cleanup);

describe('DurationDropdown', () => {
  it('offers DURATION_OPTIONS and reports the chosen value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DurationDropdown value="none" onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Duration' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'None',
      '15 seconds',
      '30 seconds',
      '60 seconds',
      '2 minutes',
      '3 minutes',
      '5 minutes',
      '10 minutes',
      '15 minutes',
    ]);
    await user.click(screen.getByRole('option', { name: '2 minutes' }));
    expect(onChange).toHaveBeenCalledWith('2m');
  });
  it('maps options to milliseconds, none to no filter', () => {
    expect(durationOptionMs('2m')).toBe(120_000);
    expect(durationOptionMs('100ms')).toBe(100);
    expect(durationOptionMs('none')).toBeUndefined();
    expect(durationOptionMs('All')).toBeUndefined();
  });
});
