// The teams area as other modules use it: the store (apply, members) and the `Team` kind of apply.
export { TeamStore as TeamsService, TEAM_SYNC_JOB, type TeamInput } from './team-store.js';
export { teamKind } from './team.kind.js';
