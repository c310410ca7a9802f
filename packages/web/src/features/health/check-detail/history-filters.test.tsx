import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryFilters } from './history-filters';

describe('HistoryFilters', () => {
  afterEach(cleanup);

  it('applies durations in ms or s and rejects others with the unit message', async () => {
    const user = userEvent.setup();
    const onDuration = vi.fn();
    render(<HistoryFilters status="" duration="" onStatus={() => undefined} onDuration={onDuration} />);
    const box = screen.getByLabelText('Duration');
    expect(box).toHaveProperty('value', 'All');
    await user.clear(box);
    await user.type(box, '2m');
    expect(screen.getByRole('alert').textContent).toBe('duration is allowed only in milli seconds & seconds');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(onDuration).not.toHaveBeenCalledWith('2m');
    await user.clear(box);
    await user.type(box, '500ms');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDuration).toHaveBeenLastCalledWith('500ms');
    await user.clear(box);
    await user.type(box, 'All');
    expect(onDuration).toHaveBeenLastCalledWith('');
  });
});
