import { randomInt } from 'node:crypto';
import { hashSecret } from '../tokens.js';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const LOOKUP_CODE_COUNT = 12;

export interface StoredLookupCode {
  hash: string;
  used_at: string | null;
}

/** Twelve new backup recovery codes of 8 characters (no look-alike characters). */
export function newLookupCodes(): string[] {
  return Array.from({ length: LOOKUP_CODE_COUNT }, () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
}

/** What is stored: only hashes, each usable once. */
export function storedLookupCodes(codes: string[]): StoredLookupCode[] {
  return codes.map((c) => ({ hash: lookupHash(c), used_at: null }));
}

export function lookupHash(code: string): string {
  return hashSecret(`lookup:${code.trim().toLowerCase().replace(/[\s-]/g, '')}`);
}

/** The index of a code among stored ones and whether it was used; undefined when unknown. */
export function findLookupCode(stored: StoredLookupCode[], code: string): { index: number; used: boolean } | undefined {
  const h = lookupHash(code);
  const index = stored.findIndex((s) => s.hash === h);
  return index < 0 ? undefined : { index, used: Boolean(stored[index]!.used_at) };
}
