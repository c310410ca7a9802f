/**
 * The `ui` container of a self-service flow, in the JSON shape of Ory Kratos: the page renders every
 * form from these nodes (group, attributes, messages, meta.label) and never from hard-coded fields.
 */
import { z } from 'zod';

export const uiTextSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  type: z.enum(['info', 'error', 'success']),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type UiText = z.infer<typeof uiTextSchema>;

/** Node groups as Kratos names them; `default` holds csrf_token and shared identifier fields. */
export const UI_NODE_GROUPS = ['default', 'password', 'oidc', 'profile', 'link', 'code', 'totp', 'lookup_secret', 'webauthn'] as const;
export const uiNodeGroupSchema = z.enum(UI_NODE_GROUPS);
export type UiNodeGroup = z.infer<typeof uiNodeGroupSchema>;

export const uiNodeInputAttributesSchema = z.object({
  node_type: z.literal('input'),
  name: z.string(),
  type: z.enum(['text', 'password', 'number', 'checkbox', 'hidden', 'email', 'tel', 'submit', 'button', 'datetime-local', 'date', 'url']),
  value: z.unknown().optional(),
  required: z.boolean().optional(),
  disabled: z.boolean(),
  autocomplete: z.string().optional(),
  pattern: z.string().optional(),
  maxlength: z.number().int().optional(),
  label: uiTextSchema.optional(),
  /**
   * WebAuthn buttons: `onclickTrigger` names the browser ceremony ('oryWebAuthnRegistration' or
   * 'oryWebAuthnLogin') and `value` holds the options JSON (a string) for @simplewebauthn/browser.
   */
  onclickTrigger: z.enum(['oryWebAuthnRegistration', 'oryWebAuthnLogin']).optional(),
  onclick: z.string().optional(),
});

export const uiNodeImageAttributesSchema = z.object({
  node_type: z.literal('img'),
  id: z.string(),
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const uiNodeTextAttributesSchema = z.object({
  node_type: z.literal('text'),
  id: z.string(),
  text: uiTextSchema,
});

export const uiNodeAnchorAttributesSchema = z.object({
  node_type: z.literal('a'),
  id: z.string(),
  href: z.string(),
  title: uiTextSchema,
});

export const uiNodeAttributesSchema = z.discriminatedUnion('node_type', [
  uiNodeInputAttributesSchema,
  uiNodeImageAttributesSchema,
  uiNodeTextAttributesSchema,
  uiNodeAnchorAttributesSchema,
]);
export type UiNodeAttributes = z.infer<typeof uiNodeAttributesSchema>;
export type UiNodeInputAttributes = z.infer<typeof uiNodeInputAttributesSchema>;

export const uiNodeSchema = z.object({
  type: z.enum(['input', 'img', 'text', 'a']),
  group: uiNodeGroupSchema,
  attributes: uiNodeAttributesSchema,
  messages: z.array(uiTextSchema),
  meta: z.object({ label: uiTextSchema.optional() }),
});
export type UiNode = z.infer<typeof uiNodeSchema>;

export const uiContainerSchema = z.object({
  /** Absolute or root-relative URL the form posts to (`/api/auth/self-service/login?flow=<id>`). */
  action: z.string(),
  method: z.enum(['POST', 'GET']),
  nodes: z.array(uiNodeSchema),
  messages: z.array(uiTextSchema).optional(),
});
export type UiContainer = z.infer<typeof uiContainerSchema>;
