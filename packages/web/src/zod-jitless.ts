// Zod builds fast object parsers with `new Function` and probes for it once; our Content-Security-Policy
// has no 'unsafe-eval', so the probe alone is reported as a violation. main.tsx imports this module first,
// so every schema (ours and @ops/shared's) is built in zod's jitless mode.
import { z } from 'zod';

z.config({ jitless: true });
