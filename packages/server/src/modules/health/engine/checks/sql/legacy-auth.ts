// Older canary-checker specs put credentials under `auth: {username, password}` instead of the
// inline connection fields; both shapes resolve the same way.

/** The spec with `auth.username`/`auth.password` moved to the inline fields when those are unset. */
export function withLegacyAuth(spec: Record<string, unknown>): Record<string, unknown> {
  const auth = spec.auth;
  if (typeof auth !== 'object' || auth === null) return spec;
  const { username, password } = auth as Record<string, unknown>;
  return { ...spec, username: spec.username ?? username, password: spec.password ?? password };
}
