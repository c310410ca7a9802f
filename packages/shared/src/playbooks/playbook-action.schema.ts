// One action of a Playbook: its name, condition, delay, timeout and retry, and exactly one action block (exec, http,
// sql, notification, logs, gitops, pod, kubernetes). Blocks are loose objects so fields Mission Control adds later
// are kept, but each requires what it cannot run without (an exec needs `script`, an http call a url or connection).
import { z } from 'zod';
import { PLAYBOOK_ACTION_TYPES, type PlaybookActionType } from './constants.js';
import { bool, cel, duration, envValueSchema, envVarSchema, list, named, num, str, stringMap, template } from './schema-parts.js';

/** A credential written inline or as {value | valueFrom}. */
const credential = z.union([z.string(), envValueSchema], { error: 'must be a string or an object with value or valueFrom' }).optional();

const artifact = z.looseObject({ path: named() }, { error: 'must be an object with a path' });

const execAction = z.looseObject(
  {
    script: z.string({ error: 'is required' }).regex(/\S/, { error: 'is required' }).describe('Go template: the shell script'),
    env: list(envVarSchema, 'environment variables ({name, value | valueFrom})'),
    connections: z.looseObject({}, { error: 'must be an object of connections (aws, gcp, azure, kubernetes, …)' }).optional(),
    artifacts: list(artifact, 'artifacts ({path})'),
    checkout: z.looseObject({ url: str(), connection: str(), destination: str() }, { error: 'must be a git checkout' }).optional(),
    setup: z.looseObject({}).optional(),
  },
  { error: 'must be an object with a script' },
);

/** A block that reaches its target through a named connection or a URL: one of the two is needed. */
function connectionOrUrl<T extends z.ZodRawShape>(shape: T, what: string) {
  return z
    .looseObject({ connection: str(), url: template('the URL'), ...shape }, { error: `must be an object (${what})` })
    .superRefine((v, ctx) => {
      const has = (k: 'connection' | 'url') => typeof v[k] === 'string' && v[k].trim() !== '';
      if (!has('connection') && !has('url')) ctx.addIssue({ code: 'custom', message: 'needs a url or a connection', path: ['url'] });
    });
}

const httpAction = connectionOrUrl(
  {
    method: str(),
    headers: z
      .union([z.array(envVarSchema), z.record(z.string(), z.string())], {
        error: 'must be a list of headers ({name, value | valueFrom}) or a map',
      })
      .optional(),
    body: z.string({ error: 'must be a string' }).describe('rendered as a Go template when templateBody is true').optional(),
    templateBody: bool(),
    username: credential,
    password: credential,
  },
  'url or connection, method, headers, body',
);

const sqlAction = connectionOrUrl(
  { driver: str(), query: z.string({ error: 'is required' }).regex(/\S/, { error: 'is required' }).describe('Go template: the query') },
  'connection or url, driver, query',
);

const notificationAction = connectionOrUrl(
  {
    title: template('the title'),
    message: z.string({ error: 'is required' }).regex(/\S/, { error: 'is required' }).describe('Go template: the message'),
    properties: stringMap(),
  },
  'connection or url, title, message',
);

const postProcess = z.looseObject(
  {
    parse: str(),
    dedupe: z.looseObject({ fields: list(z.string(), 'field names'), window: duration('dedupe window') }).optional(),
    match: list(z.string({ error: 'must be a CEL expression' }), 'CEL expressions'),
    mapping: z.looseObject({}).optional(),
  },
  { error: 'must be an object with parse, dedupe, match or mapping' },
);
const LOG_SOURCES = ['loki', 'opensearch', 'elasticsearch', 'kubernetes', 'cloudwatch', 'file', 'backend'] as const;
const logSource = z.looseObject({}, { error: 'must be an object' }).optional();

const logsAction = z
  .looseObject(
    {
      loki: logSource,
      opensearch: logSource,
      elasticsearch: logSource,
      kubernetes: logSource,
      cloudwatch: logSource,
      file: logSource,
      backend: str(),
      query: template('the query'),
      dedup: z.looseObject({}).optional(),
      match: list(z.string({ error: 'must be a CEL expression' }), 'CEL expressions'),
      mapping: z.looseObject({}).optional(),
      postProcess: postProcess.optional(),
    },
    { error: 'must be an object with a log source (loki, opensearch, elasticsearch, kubernetes, file or backend)' },
  )
  .superRefine((v, ctx) => {
    if (!LOG_SOURCES.some((k) => v[k] !== undefined && v[k] !== null))
      ctx.addIssue({ code: 'custom', message: `needs one of ${LOG_SOURCES.join(', ')}` });
  });

const gitRepo = connectionOrUrl(
  { base: str(), branch: str(), type: str(), username: credential, password: credential },
  'url or connection, base, branch',
);
const gitPatch = z
  .looseObject(
    { path: named(), yq: str(), jq: str(), patch: str(), merge: z.unknown().optional(), content: str() },
    { error: 'must be a patch object' },
  )
  .superRefine((v, ctx) => {
    if (!['yq', 'jq', 'patch', 'merge', 'content'].some((k) => v[k] !== undefined))
      ctx.addIssue({ code: 'custom', message: 'needs one of yq, jq, patch, merge or content' });
  });
const gitopsAction = z.looseObject(
  {
    repo: gitRepo,
    commit: z.looseObject({ author: template('author'), email: template('email'), message: template('message') }).optional(),
    patches: list(gitPatch, 'patches ({path, yq | jq | patch | merge})'),
    files: list(
      z.looseObject({ path: named(), content: template('content') }, { error: 'must be a file object' }),
      'files ({path, content})',
    ),
    pr: z.looseObject({ title: template('title'), tags: list(z.string(), 'tags') }).optional(),
  },
  { error: 'must be an object with repo, commit, patches or files' },
);

const podAction = z.looseObject(
  {
    name: named(),
    spec: z.looseObject({}, { error: 'is required (a pod spec)' }),
    maxLength: num(),
    artifacts: list(artifact, 'artifacts ({path})'),
  },
  { error: 'must be an object with name and spec' },
);

const kubernetesAction = z.looseObject({ connection: str() }, { error: 'must be an object' });

const retrySchema = z.looseObject(
  {
    limit: z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be 0 or more' })
      .optional(),
    duration: duration('wait before the first retry'),
    jitter: num(),
    exponent: z.looseObject({ multiplier: num() }, { error: 'must be an object with multiplier' }).optional(),
  },
  { error: 'must be an object with limit, duration, jitter and exponent' },
);

/** One action: name, if, delay, timeout, retry, contentType, and exactly one action block. */
export const playbookActionSchema = z
  .looseObject(
    {
      name: named(),
      if: cel('success(), failure(), always(), timeout(), skip() or any condition'),
      delay: cel('a duration (or a Go duration such as 5m)'),
      timeout: duration('time allowed for the action'),
      retry: retrySchema.optional(),
      contentType: str(),
      exec: execAction.optional(),
      http: httpAction.optional(),
      sql: sqlAction.optional(),
      notification: notificationAction.optional(),
      logs: logsAction.optional(),
      gitops: gitopsAction.optional(),
      pod: podAction.optional(),
      kubernetes: kubernetesAction.optional(),
    },
    { error: 'must be an action object' },
  )
  .superRefine((a, ctx) => {
    const set = playbookActionTypes(a);
    if (set.length === 0) ctx.addIssue({ code: 'custom', message: `needs one of ${PLAYBOOK_ACTION_TYPES.join(', ')}` });
    if (set.length > 1) ctx.addIssue({ code: 'custom', message: `must have exactly one action type, found ${set.join(' and ')}` });
  });
export type PlaybookAction = z.infer<typeof playbookActionSchema>;

/** The action blocks set on an action (a valid action has exactly one). */
export function playbookActionTypes(action: Record<string, unknown>): PlaybookActionType[] {
  return PLAYBOOK_ACTION_TYPES.filter((t) => action[t] !== undefined && action[t] !== null);
}
