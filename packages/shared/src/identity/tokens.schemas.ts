/** Personal access tokens of the signed-in user (`/api/auth/tokens`); the value is shown once, stored hashed. */
import { z } from 'zod';

export const accessTokenRowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** Set on an organisation token (short-lived, minted by the web for an organisation's backend); null on personal tokens. */
  organization: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type AccessTokenRow = z.infer<typeof accessTokenRowSchema>;

/** `POST /api/auth/tokens`; `expiry` is a duration like 30d, 12h or 'never' (default 'never'). */
export const createTokenRequestSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
  expiry: z
    .string()
    .regex(/^(never|\d+[hdw])$/, "expiry must be 'never' or a number followed by h, d or w")
    .optional(),
});
export type CreateTokenRequest = z.infer<typeof createTokenRequestSchema>;

/** The clear token appears only in this answer; use it as `Authorization: Bearer <token>`. */
export const createTokenResponseSchema = accessTokenRowSchema.extend({ token: z.string() });
export type CreateTokenResponse = z.infer<typeof createTokenResponseSchema>;
