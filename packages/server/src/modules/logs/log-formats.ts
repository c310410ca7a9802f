// The message formats a backend may declare, as the shared spec lists them, mapped onto the parsers.
import type { LOG_LINE_FORMATS } from '@ops/shared';

export type LogLineFormat = (typeof LOG_LINE_FORMATS)[number];
