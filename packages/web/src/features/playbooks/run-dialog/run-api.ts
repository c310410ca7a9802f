// The run dialog's calls: the parameters resolved for a resource, and starting the run.
import type { PlaybookParamsResponse, PlaybookResourceRef, PlaybookRunRequest, PlaybookRunResponse } from '@ops/shared';
import { api } from '../../../lib/api-client';

export const runDialogKeys = {
  params: (playbookId: string, ref: PlaybookResourceRef) => ['playbooks', 'params', playbookId, ref] as const,
};

/** POST /api/playbook/{id}/params: the playbook's parameters with their defaults rendered for the resource. */
export function fetchRunParams(playbookId: string, ref: PlaybookResourceRef, signal?: AbortSignal): Promise<PlaybookParamsResponse> {
  return api.post<PlaybookParamsResponse>(`/api/playbook/${encodeURIComponent(playbookId)}/params`, ref, { signal });
}

/** POST /api/playbook/run: starts the playbook on the resource with the parameters; answers the run's id. */
export function runPlaybook(request: PlaybookRunRequest): Promise<PlaybookRunResponse> {
  return api.post<PlaybookRunResponse>('/api/playbook/run', request);
}
