// Shapes on the wire that several areas share: the error body of every typed endpoint, config as code
// (`/api/resources`) and global search (`/api/search`). Server routes declare them as schemas; the CLI and the web read answers with them.
export * from './error-body.schemas.js';
export * from './resources.schemas.js';
export * from './search.schemas.js';
