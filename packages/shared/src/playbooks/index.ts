export * from './constants.js';
export * from './playbook-api.schemas.js';
export * from './playbook-spec.schema.js';
export { playbookActionSchema, playbookActionTypes } from './playbook-action.schema.js';
export { envVarSchema as playbookEnvVarSchema, type PlaybookEnvVar } from './schema-parts.js';
export * from './parameter-rules.js';
