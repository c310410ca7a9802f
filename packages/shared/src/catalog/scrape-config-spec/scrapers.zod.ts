// The scraper types the scrape engine runs, with the fields of config-db's ScrapeConfig they read.
import { z } from 'zod';
import { baseScraperShape, envVarSchema, valueExpressionSchema } from './common.zod.js';

const str = z.string();
const strList = z.array(z.string());
const required = (what: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? `${what} is required` : undefined) }).min(1, `${what} is required`);

export const fileScraperSchema = z.looseObject({
  ...baseScraperShape,
  url: str.optional(),
  paths: strList.optional(),
  ignore: strList.optional(),
});
export type FileScraperSpec = z.infer<typeof fileScraperSchema>;

export const execScraperSchema = z.looseObject({
  ...baseScraperShape,
  script: required('script'),
  env: z.array(envVarSchema).optional(),
});
export type ExecScraperSpec = z.infer<typeof execScraperSchema>;

export const paginationSchema = z.looseObject({
  nextPageExpr: required('nextPageExpr'),
  reduceExpr: str.optional(),
  perPage: z.boolean().optional(),
  maxPages: z.number().int().min(0).optional(),
  delay: str.optional(),
});
export type PaginationSpec = z.infer<typeof paginationSchema>;

export const httpScraperSchema = z.looseObject({
  ...baseScraperShape,
  url: required('url'),
  type: required('type'),
  id: required('id'),
  method: str.optional(),
  body: str.optional(),
  headers: z.array(envVarSchema).optional(),
  env: z.array(envVarSchema).optional(),
  username: envVarSchema.optional(),
  password: envVarSchema.optional(),
  bearer: envVarSchema.optional(),
  pagination: paginationSchema.optional(),
});
export type HttpScraperSpec = z.infer<typeof httpScraperSchema>;

export const sqlScraperSchema = z.looseObject({
  ...baseScraperShape,
  connection: required('connection'),
  query: required('query'),
  type: required('type'),
  id: required('id'),
  driver: str.optional(),
  auth: z.looseObject({ username: envVarSchema.optional(), password: envVarSchema.optional() }).optional(),
});
export type SqlScraperSpec = z.infer<typeof sqlScraperSchema>;

const exclusionsSchema = z.looseObject({
  name: strList.optional(),
  namespace: strList.optional(),
  kind: strList.optional(),
  labels: z.record(z.string(), z.string()).optional(),
});

export const kubernetesScraperSchema = z.looseObject({
  ...baseScraperShape,
  clusterName: required('clusterName'),
  kubeconfig: z.union([z.string(), envVarSchema]).optional(),
  /** A stored kubernetes connection; when set it is used instead of `kubeconfig`, as config-db does. */
  connection: str.regex(/^connection:\/\/\S+$/, 'must be a connection://namespace/name reference').optional(),
  namespace: str.optional(),
  selector: str.optional(),
  fieldSelector: str.optional(),
  maxInFlight: z.number().int().min(1).optional(),
  /** Either config-db's object form or the older list of names. */
  exclusions: z.union([exclusionsSchema, strList]).optional(),
  watch: z.array(z.looseObject({ apiVersion: str.optional(), kind: str })).optional(),
  relationships: z
    .array(
      z.looseObject({
        kind: valueExpressionSchema.optional(),
        name: valueExpressionSchema.optional(),
        namespace: valueExpressionSchema.optional(),
      }),
    )
    .optional(),
  event: z
    .looseObject({
      exclusions: z
        .union([z.looseObject({ reason: strList.optional(), name: strList.optional(), namespace: strList.optional() }), strList])
        .optional(),
      severityKeywords: z.looseObject({ error: strList.optional(), warn: strList.optional() }).optional(),
    })
    .optional(),
});
export type KubernetesScraperSpec = z.infer<typeof kubernetesScraperSchema>;
