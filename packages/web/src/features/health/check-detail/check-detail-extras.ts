import type { CheckRow } from '@ops/shared';
import type { ReactNode } from 'react';

/** A tab another area adds to the check detail (the app composes it; features do not import each other). */
export interface CheckDetailTab {
  value: string;
  label: string;
  /** URL params the tab keeps (its paging); closing the detail removes them with the detail's own. */
  params?: readonly string[];
  render: (check: CheckRow) => ReactNode;
}

/** What the app adds to the check detail: footer actions (the Playbooks menu) and tabs (its playbook runs). */
export interface CheckDetailExtras {
  footer?: (check: CheckRow) => ReactNode;
  tabs?: readonly CheckDetailTab[];
}
