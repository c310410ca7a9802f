// Time-range picker kit: `import { UrlTimeRangePicker, useTimeRangeParams } from '../../components/time-range'`.
export * from './time-range-picker';
export * from './url-time-range-picker';
export * from './use-time-range-params';
export * from './time-range-params';
export * from './time-range-label';
export * from './recent-ranges';
