import { z } from 'zod';

export const ErrorBody = z.object({ error: z.string(), message: z.string(), details: z.unknown().optional() });

export const KindParams = z.object({ kind: z.string().min(1) });
export const ResourceParams = z.object({ kind: z.string().min(1), name: z.string().min(1) });

export const NamespaceQuery = z.object({ namespace: z.string().min(1).optional() });
export const ListQuery = NamespaceQuery.extend({
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

export const ApplyResponse = z.object({
  results: z.array(
    z.object({
      kind: z.string(),
      name: z.string(),
      namespace: z.string().nullable(),
      id: z.string(),
      action: z.enum(['created', 'updated', 'unchanged']),
    }),
  ),
});

export const ResourceDocument = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  metadata: z.looseObject({ name: z.string() }),
  spec: z.record(z.string(), z.unknown()),
  status: z.record(z.string(), z.unknown()).optional(),
});

const Columns = z.array(z.object({ header: z.string(), path: z.string() }));

export const ListResponse = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  namespaced: z.boolean(),
  columns: Columns,
  items: z.array(ResourceDocument),
});

export const DeleteResponse = z.object({
  kind: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  action: z.literal('deleted'),
});

export const KindsResponse = z.object({
  kinds: z.array(
    z.object({
      kind: z.string(),
      apiVersions: z.array(z.string()),
      aliases: z.array(z.string()),
      resource: z.string(),
      namespaced: z.boolean(),
      supported: z.boolean(),
      columns: Columns,
    }),
  ),
});
