/** Reads a localStorage value; null when storage is unavailable (private mode, tests without DOM). */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a localStorage value, ignoring storage failures. */
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the preference just does not persist.
  }
}
