// Approvals of a run waiting for them. An approver is a person listed in approval.approvers.people (by
// email, name or id) or a member of a listed team (by name or id). With type `any` the first approval
// schedules the run; with `all` every listed person and one member of every listed team must approve.
import { sql, type Kysely } from 'kysely';
import type { AppContext, Principal } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import type { EngineApproval } from './engine-spec.js';
import { PlaybookInputError } from './errors.js';
import { existingRun } from './run-controls.js';
import { notifyWorkers } from './runs.repository.js';

type Q = Kysely<Database>;

/** What a person counts for under an approval rule: listed themselves, and the listed teams they belong to. */
export interface ApproverStanding {
  listed: boolean;
  teams: string[];
}

const lower = (s: string) => s.trim().toLowerCase();

/** Whether `person` may approve under `approval`: listed by id, email or name, or a member of a listed team. */
export async function approverStanding(
  db: Q,
  approval: EngineApproval | undefined,
  person: { id: string; name: string; email: string | null },
): Promise<ApproverStanding> {
  const people = (approval?.approvers?.people ?? []).map(lower);
  const listed = people.some((p) => p === lower(person.id) || (person.email && p === lower(person.email)) || p === lower(person.name));
  const teams = approval?.approvers?.teams ?? [];
  if (teams.length === 0) return { listed, teams: [] };
  const res = await sql<{ listed_as: string }>`
    SELECT l.listed_as FROM unnest(${teams}::text[]) AS l(listed_as)
    JOIN teams t ON (t.id::text = l.listed_as OR lower(t.name) = lower(l.listed_as)) AND t.deleted_at IS NULL
    JOIN team_members m ON m.team_id = t.id AND m.person_id = ${person.id}`.execute(db);
  return { listed, teams: [...new Set(res.rows.map((r) => r.listed_as))] };
}

/** Whether the approvals given so far satisfy the rule. */
async function approvalComplete(db: Q, runId: string, approval: EngineApproval): Promise<boolean> {
  if ((approval.type ?? 'any') === 'any') return true;
  const people = approval.approvers?.people ?? [];
  const teams = approval.approvers?.teams ?? [];
  const res = await sql<{ missing: number }>`
    WITH approvers AS (SELECT p.id, p.name, p.email FROM playbook_approvals a JOIN people p ON p.id = a.person_id WHERE a.run_id = ${runId})
    SELECT
      (SELECT count(*) FROM unnest(${people}::text[]) AS l(who) WHERE NOT EXISTS (
         SELECT 1 FROM approvers a WHERE a.id::text = lower(l.who) OR lower(a.email) = lower(l.who) OR lower(a.name) = lower(l.who)))
      + (SELECT count(*) FROM unnest(${teams}::text[]) AS l(team) WHERE NOT EXISTS (
         SELECT 1 FROM approvers a JOIN team_members m ON m.person_id = a.id
         JOIN teams t ON t.id = m.team_id AND (t.id::text = l.team OR lower(t.name) = lower(l.team))))::int AS missing`.execute(db);
  return Number(res.rows[0]?.missing ?? 1) === 0;
}

/**
 * Approve a run as `by`: 404 unknown run, 409 when it is not waiting for approval or `by` approved it
 * already, 403 when `by` is not an approver. Schedules the run once the rule is met.
 */
export async function approveRun(app: AppContext, runId: string, by: Principal): Promise<void> {
  const run = await existingRun(app, runId);
  const approval = run.spec.approval;
  const standing = await approverStanding(app.db.kysely, approval, by);
  if (run.status !== 'pending_approval')
    throw new PlaybookInputError(`Playbook run ${run.id} is not waiting for approval (it is ${run.status})`, 409);
  if (!standing.listed && standing.teams.length === 0) throw new PlaybookInputError('You are not an approver of this playbook run', 403);
  const scheduled = await app.db.kysely.transaction().execute(async (trx) => {
    const locked = await sql<{ status: string }>`SELECT status FROM playbook_runs WHERE id = ${run.id} FOR UPDATE`.execute(trx);
    if (locked.rows[0]?.status !== 'pending_approval')
      throw new PlaybookInputError(`Playbook run ${run.id} is not waiting for approval`, 409);
    const added = await sql`INSERT INTO playbook_approvals (run_id, person_id) VALUES (${run.id}, ${by.id}) ON CONFLICT DO NOTHING`.execute(
      trx,
    );
    if (Number(added.numAffectedRows ?? 0) === 0) throw new PlaybookInputError(`You already approved playbook run ${run.id}`, 409);
    if (!(await approvalComplete(trx, run.id, approval ?? {}))) return false;
    await sql`UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = ${run.id}`.execute(trx);
    return true;
  });
  if (scheduled) await notifyWorkers(app.db.kysely).catch(() => undefined);
}
