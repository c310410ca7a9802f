// The identity area as the rest of the server uses it: who is calling, the identity service the context
// carries, and the listener that clears credential caches when another replica revokes a session.
export type { Principal } from './principal.js';
export { IdentityRepository } from './identity.repository.js';
export { IdentityService } from './identity.service.js';
export { SecretBox } from './secret-box.js';
export { listenForRevocations } from './session-revocations.js';
