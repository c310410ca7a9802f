// Connection tests: really connecting to what a connection points at (POST /api/connection/test/:id).
export { isTestable, redactSecrets, testConnection } from './test-connection.js';
export { IncompleteConnectionError, NotTestableError, type DecryptedConnection, type TestOptions } from './types.js';
