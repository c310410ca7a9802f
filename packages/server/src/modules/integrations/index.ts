// The integrations area as the rest of the server uses it: its data-API relations.
export { INTEGRATIONS_RELATIONS } from './integrations.relations.js';
