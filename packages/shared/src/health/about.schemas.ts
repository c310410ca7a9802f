/** `GET /api/about` (no auth): backend version and deployment mode (`health` = health-only). */
import { z } from 'zod';
import { OPS_MODES } from './constants.js';

export const aboutResponseSchema = z.object({
  Version: z.string(),
  mode: z.enum(OPS_MODES),
});
export type AboutResponse = z.infer<typeof aboutResponseSchema>;
