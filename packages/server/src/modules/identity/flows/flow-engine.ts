import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AnyFlow, FlowKind, UiNode, UiText } from '@ops/shared';
import type { IdentityServices } from '../identity-services.js';
import { CSRF_COOKIE, csrfHash, csrfToken, csrfValid, ensureCsrfCookie } from './csrf.js';
import { bodyProblems, flatValues, parseFlowBody } from './flow-body.js';
import { FlowError, flowErrors } from './flow-errors.js';
import type { FlowRecord, FlowView, NewFlow } from './flow-record.js';
import { applyView, csrfNode, msg } from './nodes.js';
import { checkReturnTo, publicOrigin } from './return-to.js';

/** One HTTP call into a flow endpoint. */
export interface FlowCall {
  request: FastifyRequest;
  reply: FastifyReply;
  s: IdentityServices;
  /** Our public origin (OPS_PUBLIC_URL or the request's). */
  origin: string;
}

export type CreateQuery = Record<string, string | undefined>;

export type SubmitResult = { type: 'flow'; status: 200 | 400; view?: FlowView } | { type: 'body'; status: number; body: unknown };

/** What a flow kind (login, registration, …) plugs into the engine. */
export interface FlowKindHandler {
  kind: FlowKind;
  /** The web page that renders it (`/login`). */
  page: string;
  lifespanMs(s: IdentityServices): number;
  /** Checks and initial state at creation; throws FlowError (e.g. a session already exists). */
  init(
    call: FlowCall,
    query: CreateQuery,
    type: 'browser' | 'api',
  ): Promise<Omit<NewFlow, 'kind' | 'type' | 'csrfHash' | 'requestUrl' | 'returnTo' | 'lifespanMs'>>;
  /** Checks every time the flow is fetched or submitted (e.g. settings needs its identity's session). */
  guard?(call: FlowCall, flow: FlowRecord): Promise<void>;
  nodes(call: FlowCall, flow: FlowRecord): Promise<UiNode[]>;
  /** Messages that always go with the flow (e.g. 'Please complete the second authentication challenge.'). */
  intrinsicMessages?(flow: FlowRecord): UiText[];
  /** Kind-specific fields of the JSON (refresh, requested_aal, identity, …). */
  extra(call: FlowCall, flow: FlowRecord): Promise<Record<string, unknown>>;
  bodySchema: z.ZodType<Record<string, unknown>>;
  noStrategy: UiText;
  /** The message for submitting a completed flow again. */
  retryMessage: UiText;
  expiredMessage(minutesAgo: number): UiText;
  submit(call: FlowCall, flow: FlowRecord, body: Record<string, unknown>): Promise<SubmitResult>;
}

const wantsJson = (r: FastifyRequest) => (r.headers.accept ?? '').includes('application/json');

/** `GET /self-service/{kind}/{browser|api}`: validate return_to, create the flow, answer it (or 303 to the page). */
export async function createFlow(call: FlowCall, h: FlowKindHandler, type: 'browser' | 'api', query: CreateQuery): Promise<void> {
  const returnTo = checkReturnTo(query.return_to, call.origin);
  if (returnTo === null) throw flowErrors.returnToForbidden(String(query.return_to));
  const cookie = type === 'browser' ? ensureCsrfCookie(call.request, call.reply) : undefined;
  const init = await h.init(call, query, type);
  const flow = await call.s.flows.create({
    ...init,
    kind: h.kind,
    type,
    csrfHash: cookie ? csrfHash(cookie) : null,
    requestUrl: `${call.origin}${call.request.url}`,
    returnTo: returnTo ?? null,
    lifespanMs: h.lifespanMs(call.s),
  });
  if (type === 'browser' && !wantsJson(call.request)) {
    await call.reply.redirect(`${h.page}?flow=${flow.id}`, 303);
    return;
  }
  await sendFlow(call, h, flow, 200);
}

/** `GET /self-service/{kind}/flows?id=`: the flow as it stands (410 when expired, 403 from another browser). */
export async function getFlow(call: FlowCall, h: FlowKindHandler, id: string | undefined): Promise<void> {
  const flow = await load(call, h, id);
  if (flow.type === 'browser' && !cookieMatches(call, flow)) throw flowErrors.csrf();
  await h.guard?.(call, flow);
  if (flow.expiresAt < new Date()) throw await expired(call, h, flow);
  await sendFlow(call, h, flow, 200);
}

/**
 * `POST /self-service/{kind}?flow=`: CSRF (browser flows), expiry, replay, body validation, then the
 * kind's strategy. Every refusal before the strategy changes nothing.
 */
export async function submitFlow(call: FlowCall, h: FlowKindHandler, id: string | undefined): Promise<void> {
  const flow = await load(call, h, id);
  const parsed = parseFlowBody(call.request.body, call.request.headers['content-type']);
  if (flow.type === 'browser') {
    // An unreadable body from the flow's own browser gets the flow back; anything else needs the token.
    if (!parsed.ok ? !cookieMatches(call, flow) : !csrfValid(flow.csrfHash, call.request.cookies[CSRF_COOKIE], parsed.body.csrf_token))
      throw flowErrors.csrf();
  }
  if (flow.expiresAt < new Date()) throw await expired(call, h, flow);
  if (flow.completedAt) return sendFlow(call, h, flow, 400, { messages: [h.retryMessage] });
  await h.guard?.(call, flow);
  if (!parsed.ok)
    return sendFlow(call, h, flow, 400, {
      messages: [msg('generic', { reason: 'The request body could not be parsed: send JSON or a form-encoded body.' })],
    });
  const body = h.bodySchema.safeParse(parsed.body);
  if (!body.success) return sendFlow(call, h, flow, 400, { ...bodyProblems(body.error, h.noStrategy), values: flatValues(parsed.body) });
  const result = await h.submit(call, flow, body.data);
  if (result.type === 'flow') return sendFlow(call, h, flow, result.status, result.view);
  await call.reply.status(result.status).send(result.body);
}

/** Render a flow to Kratos' JSON. */
export async function renderFlow(call: FlowCall, h: FlowKindHandler, flow: FlowRecord, view: FlowView = {}): Promise<AnyFlow> {
  const token = flow.type === 'browser' ? csrfToken(call.request.cookies[CSRF_COOKIE] ?? '') : '';
  const nodes = applyView([csrfNode(token), ...(await h.nodes(call, flow))], view.nodeMessages, view.values);
  const messages = [...(h.intrinsicMessages?.(flow) ?? []), ...flow.messages, ...(view.messages ?? [])];
  return {
    id: flow.id,
    type: flow.type,
    expires_at: flow.expiresAt.toISOString(),
    issued_at: flow.issuedAt.toISOString(),
    created_at: flow.issuedAt.toISOString(),
    updated_at: new Date().toISOString(),
    request_url: flow.requestUrl,
    ...(flow.returnTo ? { return_to: flow.returnTo } : {}),
    ui: { action: `/api/auth/self-service/${h.kind}?flow=${flow.id}`, method: 'POST', nodes, ...(messages.length ? { messages } : {}) },
    ...(await h.extra(call, flow)),
  } as AnyFlow;
}

async function sendFlow(call: FlowCall, h: FlowKindHandler, flow: FlowRecord, status: number, view?: FlowView): Promise<void> {
  call.reply.header('cache-control', 'no-store');
  await call.reply.status(status).send(await renderFlow(call, h, flow, view));
}

async function load(call: FlowCall, h: FlowKindHandler, id: string | undefined): Promise<FlowRecord> {
  const flow = id ? await call.s.flows.get(id) : undefined;
  if (!flow || flow.kind !== h.kind) throw flowErrors.notFound();
  return flow;
}

function cookieMatches(call: FlowCall, flow: FlowRecord): boolean {
  const cookie = call.request.cookies[CSRF_COOKIE];
  return Boolean(cookie && flow.csrfHash && csrfHash(cookie) === flow.csrfHash);
}

// An expired flow is answered 410 with a fresh flow of the same kind and parameters to continue with.
async function expired(call: FlowCall, h: FlowKindHandler, old: FlowRecord): Promise<FlowError> {
  const minutes = (Date.now() - old.expiresAt.getTime()) / 60_000;
  const cookie = old.type === 'browser' ? ensureCsrfCookie(call.request, call.reply) : undefined;
  let init: Awaited<ReturnType<FlowKindHandler['init']>>;
  try {
    init = await h.init(call, { return_to: old.returnTo ?? undefined, refresh: String(old.refresh), aal: old.requestedAal }, old.type);
  } catch (err) {
    if (err instanceof FlowError) return err;
    throw err;
  }
  const fresh = await call.s.flows.create({
    ...init,
    kind: h.kind,
    type: old.type,
    csrfHash: cookie ? csrfHash(cookie) : null,
    requestUrl: old.requestUrl,
    returnTo: old.returnTo,
    messages: [h.expiredMessage(minutes)],
    lifespanMs: h.lifespanMs(call.s),
  });
  return flowErrors.expired(minutes, fresh.id);
}

/** Build the call context for a request. */
export function flowCall(request: FastifyRequest, reply: FastifyReply, s: IdentityServices): FlowCall {
  return { request, reply, s, origin: publicOrigin(s.config, request) };
}
