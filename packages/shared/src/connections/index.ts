// Connections: the catalogue of types and their form fields, and the wire shapes of /api/connections.
// SECRET_MASK is the one of secret-mask.ts (the same marker every masked spec uses).
export * from './fields.js';
export * from './data-types.js';
export * from './notification-types.js';
export * from './catalogue.js';
export * from './schemas.js';
export * from './url-credentials.js';
