/**
 * Config as code, `/api/resources`: the requests and answers of apply, kinds, list, get and delete. The
 * server declares these as its route schemas and the CLI parses its answers with them; an answer's keys
 * come out in the order written here.
 */
import { z } from 'zod';

/** `/api/resources/:kind`: a kind name or one of its aliases. */
export const resourceKindParamsSchema = z.object({ kind: z.string().min(1) });
/** `/api/resources/:kind/:name`. */
export const resourceParamsSchema = z.object({ kind: z.string().min(1), name: z.string().min(1) });

/** `?namespace=` of get and delete (namespaced kinds only). */
export const resourceNamespaceQuerySchema = z.object({ namespace: z.string().min(1).optional() });
/** `GET /api/resources/:kind?namespace=&limit=&offset=`. */
export const resourceListQuerySchema = resourceNamespaceQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

/** What applying one document did; `id` is the row id (the name when the kind has no other id). */
export const resourceApplyResultSchema = z.object({
  kind: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  id: z.string(),
  action: z.enum(['created', 'updated', 'unchanged']),
});
export type ResourceApplyResult = z.infer<typeof resourceApplyResultSchema>;

/** `POST /api/resources/apply` (a YAML or JSON body of one or more documents): every document's result, in order. */
export const resourceApplyResponseSchema = z.object({ results: z.array(resourceApplyResultSchema) });
export type ResourceApplyResponse = z.infer<typeof resourceApplyResponseSchema>;

/** One thing wrong with one applied document; a refused apply lists them all in the error body's `details`. */
export const resourceApplyProblemSchema = z.object({
  status: z.number().int(),
  /** 1-based position of the document in the request. */
  document: z.number().int(),
  line: z.number().int().nullable(),
  kind: z.string().nullable(),
  name: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ResourceApplyProblem = z.infer<typeof resourceApplyProblemSchema>;

/** A resource as the API returns it and as `ops get -o yaml` prints it (re-appliable). */
export const resourceDocumentSchema = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  // Only `name` is a declared key, so metadata keys keep the order the kind wrote them in (zod writes
  // declared keys first); the refinement still holds `namespace` to a string.
  metadata: z
    .looseObject({ name: z.string() })
    .refine((m) => m.namespace === undefined || typeof m.namespace === 'string', { message: 'must be a string', path: ['namespace'] }),
  spec: z.record(z.string(), z.unknown()),
  status: z.record(z.string(), z.unknown()).optional(),
});
export type ResourceDocument = z.infer<typeof resourceDocumentSchema> & { metadata: { namespace?: string } };

/** A column `ops get` prints after NAME; `path` is a dotted path in the document. */
export const resourceColumnSchema = z.object({ header: z.string(), path: z.string() });
export type ResourceColumn = z.infer<typeof resourceColumnSchema>;

/** `GET /api/resources/:kind`: one page of a kind's resources with the columns to print them. */
export const resourceListResponseSchema = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  namespaced: z.boolean(),
  columns: z.array(resourceColumnSchema),
  items: z.array(resourceDocumentSchema),
});
export type ResourceListResponse = z.infer<typeof resourceListResponseSchema>;

/** `DELETE /api/resources/:kind/:name`. */
export const resourceDeleteResponseSchema = z.object({
  kind: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  action: z.literal('deleted'),
});
export type ResourceDeleteResponse = z.infer<typeof resourceDeleteResponseSchema>;

/** One kind the server knows; `supported: false` kinds are recognised but answered with 422. */
export const resourceKindInfoSchema = z.object({
  kind: z.string(),
  apiVersions: z.array(z.string()),
  aliases: z.array(z.string()),
  resource: z.string(),
  namespaced: z.boolean(),
  supported: z.boolean(),
  columns: z.array(resourceColumnSchema),
});
export type ResourceKindInfo = z.infer<typeof resourceKindInfoSchema>;

/** `GET /api/resources`: every kind. */
export const resourceKindsResponseSchema = z.object({ kinds: z.array(resourceKindInfoSchema) });
export type ResourceKindsResponse = z.infer<typeof resourceKindsResponseSchema>;
