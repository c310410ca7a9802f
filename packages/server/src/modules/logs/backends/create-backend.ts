// A stored backend's spec turned into the backend that queries it; a spec that does not validate is a
// 400 naming the backend and the field.
import { describeSpecIssue, loggingBackendKind, loggingBackendSpecSchema } from '@ops/shared';
import { badRequest } from '../../../http/errors.js';
import type { BackendContext, LogBackend } from '../log-backend.js';
import { fileBackend } from './file/file-backend.js';
import { kubernetesBackend } from './kubernetes-backend.js';
import { lokiBackend } from './loki-backend.js';
import { searchBackend } from './search-backend.js';
import { serverBackend } from './server-backend.js';

/** The backend for a name and a stored spec (unvalidated JSON). */
export function createBackend(name: string, rawSpec: unknown, ctx: BackendContext): LogBackend {
  const parsed = loggingBackendSpecSchema.safeParse(rawSpec);
  if (!parsed.success) throw badRequest(`Log backend ${name}: ${describeSpecIssue(parsed.error)}`);
  const spec = parsed.data;
  switch (loggingBackendKind(spec)) {
    case 'file':
      return fileBackend(name, (spec as { file: Parameters<typeof fileBackend>[1] }).file);
    case 'loki':
      return lokiBackend(name, (spec as { loki: Parameters<typeof lokiBackend>[1] }).loki, ctx);
    case 'opensearch':
      return searchBackend(name, 'opensearch', (spec as { opensearch: Parameters<typeof searchBackend>[2] }).opensearch, ctx);
    case 'elasticsearch':
      return searchBackend(name, 'elasticsearch', (spec as { elasticsearch: Parameters<typeof searchBackend>[2] }).elasticsearch, ctx);
    case 'kubernetes':
      return kubernetesBackend(name, (spec as { kubernetes: Parameters<typeof kubernetesBackend>[1] }).kubernetes, ctx);
    case 'server':
      return serverBackend(name);
  }
}
