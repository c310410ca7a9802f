// The `mission-control.flanksource.com/v1` Playbook spec in zod: saves (apply, the spec dialog, /api/db) validate
// with it and the web YAML editor uses its JSON Schema (draft 7). Objects are loose so users' Mission Control YAML
// is kept unchanged; messages name what is wrong at the field's path. Templates and CEL are checked by the server.
import { z } from 'zod';
import { PLAYBOOK_PARAMETER_TYPES } from './constants.js';
import { playbookActionSchema } from './playbook-action.schema.js';
import { resourceSelectorSchema } from './playbook-api.schemas.js';
import { bool, cel, duration, envValueSchema, envVarSchema, list, named, num, str, stringMap } from './schema-parts.js';

export const PLAYBOOK_API_VERSION = 'mission-control.flanksource.com/v1';
export const PLAYBOOK_KIND = 'Playbook';

const numOrText = z.union([z.number(), z.string()], { error: 'must be a number or a string' }).optional();
const option = z.union([z.string(), z.looseObject({ label: z.string(), value: z.string() })], {
  error: 'must be a string or an object with label and value',
});

const parameterProperties = z.looseObject(
  {
    size: str(),
    language: str(),
    jsonSchemaUrl: str(),
    options: list(option, 'options'),
    filter: z.union([z.looseObject({}), z.array(z.looseObject({}))], { error: 'must be a selector or a list of selectors' }).optional(),
    multiline: z.union([z.boolean(), z.string()], { error: 'must be true or false' }).optional(),
    minLength: numOrText,
    maxLength: numOrText,
    regex: str(),
    format: str(),
    min: numOrText,
    max: numOrText,
  },
  { error: 'must be an object' },
);

/** A run parameter: its name, label and type, whether it is required, a default (a Go template) and its rules. */
export const playbookParameterSchema = z.looseObject(
  {
    name: named(),
    label: str(),
    type: z
      .enum(PLAYBOOK_PARAMETER_TYPES, { error: `must be one of ${PLAYBOOK_PARAMETER_TYPES.join(', ')}` })
      .describe('default text')
      .optional(),
    required: bool(),
    description: str(),
    icon: str(),
    default: z
      .union([z.string(), z.number(), z.boolean()], { error: 'must be a string (a Go template)' })
      .describe('Go template rendered against the resource')
      .optional(),
    properties: parameterProperties.optional(),
    dependsOn: list(z.string(), 'parameter names'),
  },
  { error: 'must be a parameter object with a name' },
);
export type PlaybookParameter = z.infer<typeof playbookParameterSchema>;

const eventTrigger = z.looseObject(
  { event: named(), filter: cel('whether the event starts a run'), labels: stringMap() },
  { error: 'must be an object with event and filter' },
);

const webhookAuth = z.looseObject(
  {
    basic: z.looseObject({ username: envValueSchema, password: envValueSchema }, { error: 'must have username and password' }).optional(),
    github: z.looseObject({ token: envValueSchema }, { error: 'must have a token' }).optional(),
    svix: z.looseObject({ secret: envValueSchema, verifyTimestamp: str() }, { error: 'must have a secret' }).optional(),
    jwt: z.looseObject({ jwksURI: named() }, { error: 'must have a jwksURI' }).optional(),
  },
  { error: 'must be an object with basic, github, svix or jwt' },
);

const triggers = z.looseObject(
  {
    config: list(eventTrigger, 'config event triggers'),
    canary: list(eventTrigger, 'canary event triggers'),
    component: list(eventTrigger, 'component event triggers'),
    webhook: z
      .looseObject(
        {
          path: named().regex(/^[^/?#\s]+$/, { error: 'must be one path segment without /, ? or spaces' }),
          authentication: webhookAuth.optional(),
        },
        { error: 'must be an object with a path' },
      )
      .optional(),
    schedule: list(
      z.looseObject(
        { schedule: named().describe('@every 1h or a cron expression'), parameters: z.record(z.string(), z.unknown()).optional() },
        { error: 'must be an object with a schedule' },
      ),
      'schedules ({schedule, parameters})',
    ),
  },
  { error: 'must be an object with config, canary, component, webhook or schedule' },
);

const approval = z.looseObject(
  {
    type: z.enum(['any', 'all'], { error: 'must be any or all' }).optional(),
    approvers: z
      .looseObject({ people: list(z.string(), 'people (emails, names or ids)'), teams: list(z.string(), 'team names') })
      .optional(),
  },
  { error: 'must be an object with type and approvers' },
);

/** The Playbook spec: where it runs, its parameters, triggers, approval and actions (parameter names unique). */
export const playbookSpecSchema = z
  .looseObject(
    {
      title: str(),
      description: str(),
      category: str(),
      icon: str(),
      timeout: duration('time allowed for the whole run'),
      parameters: list(playbookParameterSchema, 'parameters'),
      configs: list(resourceSelectorSchema, 'config selectors'),
      checks: list(resourceSelectorSchema, 'check selectors'),
      components: list(resourceSelectorSchema, 'component selectors'),
      filters: list(z.string({ error: 'must be a CEL expression' }), 'CEL expressions'),
      env: list(envVarSchema, 'environment variables ({name, value | valueFrom})'),
      on: triggers.optional(),
      approval: approval.optional(),
      actions: z.array(playbookActionSchema, { error: 'must be a list of actions' }).min(1, { error: 'needs at least one action' }),
      templatesOn: str(),
      runsOn: list(z.string(), 'agent names'),
      limit: num(),
    },
    { error: 'must be an object' },
  )
  .superRefine((spec, ctx) => {
    const seen = new Set<string>();
    spec.parameters?.forEach((p, i) => {
      if (seen.has(p.name))
        ctx.addIssue({ code: 'custom', message: `duplicate parameter name ${p.name}`, path: ['parameters', i, 'name'] });
      seen.add(p.name);
    });
  });
export type PlaybookSpec = z.infer<typeof playbookSpecSchema>;
export type { PlaybookAction } from './playbook-action.schema.js';

/** The Playbook spec's JSON Schema (draft 7), for the spec dialog's YAML editor and JSON-Schema tooling. */
export function playbookSpecJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(playbookSpecSchema, { target: 'draft-7', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
}
