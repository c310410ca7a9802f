// The identity contract: Kratos-shaped flows, sessions, flow errors, users, teams, tokens and organisations.
export * from './ui.schemas.js';
export * from './ui-messages.js';
export * from './flow.schemas.js';
export * from './session.schemas.js';
export * from './errors.schemas.js';
export * from './users.schemas.js';
export * from './teams.schemas.js';
export * from './tokens.schemas.js';
export * from './organizations.schemas.js';
export * from './paths.js';
