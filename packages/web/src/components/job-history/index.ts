// Job history pieces shared by the Jobs History page and every resource's Job History tab.
export * from './job-details';
export * from './job-details-dialog';
export * from './job-history-columns';
export * from './job-history-table';
export * from './job-status-badge';
export * from './summary-view';
