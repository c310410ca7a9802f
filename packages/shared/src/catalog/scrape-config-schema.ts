/**
 * JSON schema of a `configs.flanksource.com/v1` ScrapeConfig, for the scraper YAML editor. It mirrors
 * what the server's scrape engine reads (file, exec, http, sql, kubernetes and the common fields,
 * transform, retention, schedule) and the fields a scraper requires. Unknown fields are allowed
 * everywhere: users bring config-db YAML unchanged, and scraper types we do not run are kept.
 */
import type { JsonSchema } from '../json-schema/types.js';
import { SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND } from './constants.js';

const str: JsonSchema = { type: 'string' };
const nonEmpty: JsonSchema = { type: 'string', minLength: 1 };
const bool: JsonSchema = { type: 'boolean' };
const strList: JsonSchema = { type: 'array', items: str };
const stringMap: JsonSchema = { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } };
const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
const list = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });

/** Go-style durations ("72h", "1h30m", "8d") as retention ages are written. */
const DURATION_PATTERN = '^(0|((\\d+(\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h|d|w))+)$';
/** `@every <duration>`, a macro (`@hourly`), or a cron expression of 5 or 6 fields. */
const SCHEDULE_PATTERN = '^\\s*(@every\\s+\\S+|@(yearly|annually|monthly|weekly|daily|midnight|hourly)|(\\S+\\s+){4,5}\\S+)\\s*$';
const duration: JsonSchema = { type: 'string', pattern: DURATION_PATTERN, description: 'A duration such as 30m, 72h or 8d' };

/** A value given statically, read from a label, or computed by a CEL expression. */
const valueExpression: JsonSchema = { type: 'object', properties: { value: str, label: str, expr: str } };

/** Fields every scraper entry shares (config-db's BaseScraper). */
const common: Record<string, JsonSchema> = {
  id: str,
  name: str,
  items: str,
  type: str,
  class: str,
  format: { type: 'string', enum: ['json', 'yaml', 'properties'] },
  description: str,
  status: str,
  health: str,
  icon: str,
  timestampFormat: str,
  createFields: strList,
  deleteFields: strList,
  labels: stringMap,
  tags: { type: ['object', 'array'] },
  properties: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: nonEmpty, filter: str } } },
  transform: ref('transform'),
};

/** A scraper entry: the common fields plus the type's own; `required` lists what it cannot run without. */
function scraper(required: string[], properties: Record<string, JsonSchema> = {}): JsonSchema {
  const own: Record<string, JsonSchema> = {};
  for (const key of required) own[key] = nonEmpty;
  return { type: 'object', required, properties: { ...common, ...properties, ...own } };
}

const envVars = list('envVar');

/** The scraper types the engine runs, keyed as the spec spells them. */
export const SCRAPER_ENTRY_SCHEMAS: Record<string, JsonSchema> = {
  file: scraper([], { url: str, paths: strList, ignore: strList }),
  exec: scraper(['script'], { env: envVars }),
  http: scraper(['url', 'type', 'id'], {
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] },
    body: str,
    headers: envVars,
    env: envVars,
    username: ref('envVar'),
    password: ref('envVar'),
    bearer: ref('envVar'),
    pagination: {
      type: 'object',
      required: ['nextPageExpr'],
      properties: { nextPageExpr: nonEmpty, reduceExpr: str, perPage: bool, maxPages: { type: 'integer', minimum: 0 }, delay: str },
    },
  }),
  sql: scraper(['connection', 'query', 'type', 'id'], {
    driver: str,
    auth: { type: 'object', properties: { username: ref('envVar'), password: ref('envVar') } },
  }),
  kubernetes: scraper(['clusterName'], {
    kubeconfig: { type: ['string', 'object'] },
    namespace: str,
    scope: str,
    since: str,
    selector: str,
    fieldSelector: str,
    maxInFlight: { type: 'integer', minimum: 1 },
    exclusions: {
      type: ['object', 'array'],
      properties: { name: strList, namespace: strList, kind: strList, labels: stringMap },
    },
    watch: { type: 'array', items: { type: 'object', required: ['kind'], properties: { apiVersion: str, kind: nonEmpty } } },
    relationships: {
      type: 'array',
      items: { type: 'object', properties: { kind: valueExpression, name: valueExpression, namespace: valueExpression } },
    },
    event: { type: 'object', properties: { exclusions: { type: ['object', 'array'] }, severityKeywords: { type: 'object' } } },
  }),
};

const retention: JsonSchema = {
  type: 'object',
  properties: {
    changes: {
      type: 'array',
      items: { type: 'object', required: ['name'], properties: { name: nonEmpty, age: duration, count: { type: 'integer', minimum: 0 } } },
    },
    types: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: nonEmpty, createdAge: duration, updatedAge: duration, deletedAge: duration },
      },
    },
    staleItemAge: duration,
  },
};

const specProperties: Record<string, JsonSchema> = {
  schedule: { type: 'string', pattern: SCHEDULE_PATTERN, description: '@every 60m (default), @hourly, or a cron expression' },
  full: bool,
  retention,
};
for (const type of Object.keys(SCRAPER_ENTRY_SCHEMAS)) specProperties[type] = list(type);

/** The whole ScrapeConfig document (apiVersion, kind, metadata, spec) as the scraper editor validates it. */
export const SCRAPE_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { type: 'string', const: SCRAPE_CONFIG_API_VERSION },
    kind: { type: 'string', const: SCRAPE_CONFIG_KIND },
    metadata: {
      type: 'object',
      required: ['name'],
      properties: { name: nonEmpty, namespace: str, labels: stringMap, annotations: stringMap },
    },
    spec: { type: 'object', properties: specProperties },
  },
  $defs: {
    ...SCRAPER_ENTRY_SCHEMAS,
    transform: {
      type: 'object',
      properties: {
        gotemplate: str,
        jsonpath: str,
        expr: str,
        javascript: str,
        exclude: { type: 'array', items: { type: 'object', required: ['jsonpath'], properties: { types: strList, jsonpath: nonEmpty } } },
        mask: {
          type: 'array',
          items: { type: 'object', required: ['jsonpath', 'value'], properties: { selector: str, jsonpath: nonEmpty, value: nonEmpty } },
        },
        relationship: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              filter: str,
              expr: str,
              parent: bool,
              id: valueExpression,
              external_id: valueExpression,
              type: valueExpression,
              name: valueExpression,
              namespace: valueExpression,
              agent: valueExpression,
              scope: valueExpression,
              labels: { type: 'object', additionalProperties: valueExpression },
            },
          },
        },
        changes: {
          type: 'object',
          properties: {
            mapping: {
              type: 'array',
              items: { type: 'object', properties: { filter: str, type: str, severity: str, action: str, summary: str } },
            },
            exclude: strList,
          },
        },
      },
    },
    envVar: {
      type: ['string', 'object'],
      properties: {
        name: str,
        value: { type: ['string', 'number', 'boolean'] },
        valueFrom: { type: 'object' },
      },
    },
  },
};
