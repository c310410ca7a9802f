// Copy the .sql migrations next to the compiled migrator (tsc copies only .ts output).
import { cpSync, mkdirSync } from 'node:fs';
const src = new URL('../packages/server/src/db/migrations/', import.meta.url);
const dst = new URL('../packages/server/dist/db/migrations/', import.meta.url);
mkdirSync(dst, { recursive: true });
cpSync(src, dst, { recursive: true });
