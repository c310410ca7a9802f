/** Flow error ids and the error bodies of the self-service API (Ory Kratos' shapes), with the spec's toasts. */
import { z } from 'zod';

/** The Kratos flow error ids plus the few more this server answers with. */
export const FLOW_ERROR_IDS = [
  'session_aal2_required',
  'session_already_available',
  'session_refresh_required',
  'self_service_flow_return_to_forbidden',
  'self_service_flow_expired',
  'security_csrf_violation',
  'security_identity_mismatch',
  'browser_location_change_required',
  'session_inactive',
  'self_service_flow_disabled',
  'self_service_flow_not_found',
  'too_many_requests',
] as const;
export type FlowErrorId = (typeof FLOW_ERROR_IDS)[number];

export const flowErrorDetailSchema = z.object({
  id: z.string().optional(),
  code: z.number().int(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type FlowErrorDetail = z.infer<typeof flowErrorDetailSchema>;

/**
 * Any non-flow error answer of /api/auth/self-service/* and /api/auth/sessions/whoami.
 * 410 carries `use_flow_id` (a fresh flow to continue with); 403 aal2 and 422 carry `redirect_browser_to`.
 */
export const flowErrorResponseSchema = z.object({
  error: flowErrorDetailSchema,
  redirect_browser_to: z.string().optional(),
  use_flow_id: z.string().optional(),
  /** Set when a stored copy exists: `GET /api/auth/self-service/errors?id=` returns it. */
  error_id: z.string().optional(),
});
export type FlowErrorResponse = z.infer<typeof flowErrorResponseSchema>;

/** `GET /api/auth/self-service/errors?id=`: a stored flow error (404 when unknown). */
export const selfServiceErrorSchema = z.object({
  id: z.string(),
  error: flowErrorDetailSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SelfServiceError = z.infer<typeof selfServiceErrorSchema>;

/** Toast texts for the flow error ids that toast. */
export const FLOW_ERROR_TOASTS: Partial<Record<FlowErrorId, string>> = {
  self_service_flow_return_to_forbidden: 'The return_to address is not allowed.',
  self_service_flow_expired: 'Your interaction expired, please fill out the form again.',
  security_csrf_violation: 'A security violation was detected, please fill out the form again.',
};
