// `ops run playbook NAME`: start a run of a playbook by name on a config item, component or check, then
// follow it to the end like a log: each action's status as it changes and its output when it ends. Exits
// 0 when the run completed and 1 when it failed, was cancelled or timed out.
import { isFinalActionStatus, isFinalRunStatus, type PlaybookRunActionDetail, type PlaybookRunWire } from '@ops/shared';
import { CliError, EXIT_SERVER, usageError } from '../errors.js';
import { renderData } from '../output.js';
import { segment, type CommandContext } from './context.js';
import { actionAnswer, playbookNamesAnswer, runAnswer, runStartedAnswer } from './run-answers.js';

export interface RunPlaybookOptions {
  namespace?: string;
  config?: string;
  component?: string;
  check?: string;
  param?: string[];
}

const POLL_MS = 1_000;

/** Start the run and follow it; throws a CliError (exit 1) when the run does not complete. */
export async function runPlaybookCommand(name: string, opts: RunPlaybookOptions, ctx: CommandContext): Promise<void> {
  const resource = resourceOf(opts);
  const params = paramsOf(opts.param ?? []);
  const playbook = await findPlaybook(name, opts.namespace, ctx);
  const started = await ctx.client.request('POST', '/api/playbook/run', runStartedAnswer, {
    type: 'application/json',
    text: JSON.stringify({ id: playbook.id, ...resource, params }),
  });
  const table = ctx.output === 'table';
  if (table) ctx.io.out(`Run ${started.run_id} of playbook ${playbook.namespace}/${playbook.name} started\n`);
  const run = await follow(started.run_id, ctx, table);
  if (!table) ctx.io.out(renderData(ctx.output === 'json' ? 'json' : 'yaml', run));
  if (run.status !== 'completed') {
    throw new CliError(`run ${run.id} ${run.status.replace('_', ' ')}${run.error ? `: ${run.error}` : ''}`, EXIT_SERVER);
  }
  if (table) ctx.io.out(`Run ${run.id} completed\n`);
}

function resourceOf(opts: RunPlaybookOptions): Record<string, string> {
  const given = (
    [
      ['config_id', opts.config],
      ['component_id', opts.component],
      ['check_id', opts.check],
    ] as const
  ).filter(([, v]) => v !== undefined);
  if (given.length > 1) throw usageError('give at most one of --config, --component and --check');
  return Object.fromEntries(given) as Record<string, string>;
}

/** `-p key=value` pairs as the run's parameters (the value may hold `=`). */
export function paramsOf(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw usageError(`-p ${pair}: write a parameter as key=value`);
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

async function findPlaybook(name: string, namespace: string | undefined, ctx: CommandContext) {
  const query = new URLSearchParams({ select: 'id,name,namespace', name: `eq.${name}`, order: 'namespace' });
  if (namespace) query.set('namespace', `eq.${namespace}`);
  const rows = await ctx.client.request('GET', `/api/db/playbook_names?${query}`, playbookNamesAnswer);
  const where = namespace ? ` in namespace ${namespace}` : '';
  if (rows.length === 0) throw new CliError(`playbook ${name}${where} not found`, EXIT_SERVER);
  if (rows.length > 1) {
    throw usageError(`playbook ${name} exists in namespaces ${rows.map((r) => r.namespace).join(', ')}: choose one with --namespace`);
  }
  return rows[0]!;
}

// Poll the run until it is final, printing status changes and each action's output once it ends.
async function follow(runId: string, ctx: CommandContext, print: boolean): Promise<PlaybookRunWire> {
  const interval = Number(ctx.io.env.OPS_RUN_POLL_MS) || POLL_MS;
  const seen = new Map<string, string>();
  let runStatus = '';
  for (;;) {
    const run = await ctx.client.request('GET', `/api/playbook/run/${segment(runId)}`, runAnswer);
    if (print && run.status !== runStatus && !isFinalRunStatus(run.status)) ctx.io.out(`run ${run.status.replace('_', ' ')}\n`);
    runStatus = run.status;
    for (const action of run.actions) {
      if (seen.get(action.id) === action.status) continue;
      seen.set(action.id, action.status);
      if (!print) continue;
      const attempt = action.attempt > 1 ? ` (attempt ${action.attempt})` : '';
      ctx.io.out(`[${action.name}]${attempt} ${action.status}\n`);
      if (isFinalActionStatus(action.status) && action.status !== 'skipped') {
        const detail = await ctx.client.request('GET', `/api/playbook/run/action/${segment(action.id)}`, actionAnswer);
        ctx.io.out(actionOutput(await withLongStreams(ctx, detail)));
      }
    }
    if (isFinalRunStatus(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** Streams too long for the action's JSON (the server names them in `logs`) are read as text and put back. */
async function withLongStreams(ctx: CommandContext, detail: PlaybookRunActionDetail): Promise<PlaybookRunActionDetail> {
  const streams = Object.keys(detail.logs ?? {}) as Array<'stdout' | 'stderr'>;
  if (!streams.length) return detail;
  const result: Record<string, unknown> = { ...(detail.result ?? {}) };
  for (const stream of streams) result[stream] = await ctx.client.text(`/api/playbook/run/action/${segment(detail.id)}/log/${stream}`);
  return { ...detail, result };
}

/** An ended action's output: stdout, stderr (each line indented), or its result as JSON, then its error. */
export function actionOutput(detail: PlaybookRunActionDetail): string {
  const result = (detail.result ?? {}) as Record<string, unknown>;
  const block = (label: string, text: string) => (text.trim() ? `  ${label}:\n${text.replace(/\n$/, '').replace(/^/gm, '    ')}\n` : '');
  let out = '';
  const hasStd = typeof result.stdout === 'string' || typeof result.stderr === 'string';
  if (hasStd) out += block('stdout', String(result.stdout ?? '')) + block('stderr', String(result.stderr ?? ''));
  else if (detail.result && Object.keys(result).length) out += block('result', JSON.stringify(detail.result, null, 2));
  if (detail.error) out += `  error: ${detail.error}\n`;
  return out;
}
