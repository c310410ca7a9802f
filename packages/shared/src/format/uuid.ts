const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string is a UUID in its canonical text form: pages answer "not found" for an id that cannot
 * exist (a mistyped link) without asking, and the server checks ids before they reach a uuid cast.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
