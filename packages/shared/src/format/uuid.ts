const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string is a UUID in its canonical text form. Pages use it to answer "not found" for an id
 * that cannot exist (a mistyped link) without asking the server, whose answer would be a type error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
