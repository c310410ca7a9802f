// The parts of a playbook spec the triggers read (`on.webhook`, `on.schedule`, the event lists and the
// resource selectors), typed structurally so the full spec type from the shared schema fits without a cast.

/** A value as specs write secrets: inline, or from a secret, config map, environment variable or file. */
export interface EnvValueDecl {
  value?: unknown;
  valueFrom?: {
    secretKeyRef?: { name?: string; key?: string };
    configMapKeyRef?: { name?: string; key?: string };
    env?: string;
    [source: string]: unknown;
  };
}

/** How a webhook caller proves who it is; at most one block is set. */
export interface WebhookAuthDecl {
  basic?: { username?: EnvValueDecl | string; password?: EnvValueDecl | string };
  jwt?: { jwksURI?: string };
  github?: { token?: EnvValueDecl | string };
  svix?: { secret?: EnvValueDecl | string; verifyTimestamp?: string | boolean };
}

export interface WebhookDecl {
  path?: string;
  authentication?: WebhookAuthDecl;
}

export interface ScheduleDecl {
  name?: string;
  schedule?: string;
  parameters?: Record<string, unknown>;
}

export interface EventDecl {
  event?: string;
  filter?: string;
  labels?: Record<string, string>;
}

export interface TriggerSpec {
  configs?: readonly unknown[];
  checks?: readonly unknown[];
  components?: readonly unknown[];
  on?: {
    webhook?: WebhookDecl;
    schedule?: readonly ScheduleDecl[];
    config?: readonly EventDecl[];
    canary?: readonly EventDecl[];
    component?: readonly EventDecl[];
  };
}

/** The trigger parts of a stored spec (a jsonb column read as unknown). */
export function triggerSpecOf(spec: unknown): TriggerSpec {
  return spec && typeof spec === 'object' ? (spec as TriggerSpec) : {};
}
