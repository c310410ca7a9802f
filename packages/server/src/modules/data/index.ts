// The data API area as the rest of the server uses it: the relations it exposes besides the areas' own.
// Its routes are registered from modules/route-modules.ts.
export { BASE_FUNCTIONS, BASE_RELATIONS } from './base-relations.js';
