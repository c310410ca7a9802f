export * from './constants.js';
export * from './playbook-api.schemas.js';
