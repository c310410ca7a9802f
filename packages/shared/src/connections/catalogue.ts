/** Every connection type, keyed by its `type` value. */
import { DATA_CONNECTION_TYPES } from './data-types.js';
import type { ConnectionField, ConnectionTypeInfo } from './fields.js';
import { NOTIFICATION_CONNECTION_TYPES } from './notification-types.js';

/** Notification types are typed with their `composeUrl`; every other entry as a plain ConnectionTypeInfo. */
export const CONNECTION_TYPES = { ...DATA_CONNECTION_TYPES, ...NOTIFICATION_CONNECTION_TYPES };

export type ConnectionType = keyof typeof CONNECTION_TYPES;

export const CONNECTION_TYPE_NAMES = Object.keys(CONNECTION_TYPES) as [ConnectionType, ...ConnectionType[]];

export function isConnectionType(t: string): t is ConnectionType {
  return Object.prototype.hasOwnProperty.call(CONNECTION_TYPES, t);
}

/** The catalogue entry of a type, or undefined for a type the catalogue does not know. */
export function connectionTypeInfo(t: string): ConnectionTypeInfo | undefined {
  return isConnectionType(t) ? CONNECTION_TYPES[t] : undefined;
}

/** Names of the properties of a type that hold credentials (stored sealed, masked in answers). */
export function secretPropertyNames(t: string): string[] {
  const info = connectionTypeInfo(t);
  return (info?.fields ?? []).filter((f: ConnectionField) => f.target === 'property' && f.kind === 'secret').map((f) => f.name);
}
