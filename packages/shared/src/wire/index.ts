// Shapes on the wire that several areas share: the error body of every typed endpoint and config as code
// (`/api/resources`). Server routes declare them as schemas; the CLI and the web read answers with them.
export * from './error-body.schemas.js';
export * from './resources.schemas.js';
