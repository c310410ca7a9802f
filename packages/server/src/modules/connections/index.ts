// The connections area as the rest of the server uses it: the store's API routes, the `Connection` kind of
// apply, and connections ready to use (secrets decrypted, references resolved) for checks, scrapers and
// connection tests. Its routes are registered from modules/route-modules.ts.
export { connectionsRoutes } from './connections.routes.js';
export { connectionTestRoutes } from './connection-test.routes.js';
export { connectionKind, type ConnectionKindEntry } from './connection.kind.js';
export { createConnectionResolvers, findConnectionForUse, getConnectionForUse, type DecryptedConnection } from './connection-use.js';
export { CredentialReferenceError } from './credential-references.js';
export { SecretKeyMismatchError, verifySecretKey } from './secret-key-check.js';
