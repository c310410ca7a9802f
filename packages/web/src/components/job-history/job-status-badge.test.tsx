import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JobStatusBadge, jobStatusStyle } from './job-status-badge';

afterEach(cleanup);

describe('job status colours (one mapping for every job table)', () => {
  it('gives RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red', () => {
    expect(jobStatusStyle('RUNNING').className).toContain('yellow');
    expect(jobStatusStyle('SUCCESS')).toEqual({ variant: 'success' });
    expect(jobStatusStyle('WARNING')).toEqual({ variant: 'warning' });
    expect(jobStatusStyle('FAILED')).toEqual({ variant: 'destructive' });
    expect(jobStatusStyle('STOPPED')).toEqual({ variant: 'destructive' });
    expect(jobStatusStyle('SOMETHING')).toEqual({ variant: 'secondary' });
  });

  it('renders the status text in the badge', () => {
    render(<JobStatusBadge status="RUNNING" />);
    expect(screen.getByText('RUNNING').className).toContain('text-yellow-700');
  });
});
