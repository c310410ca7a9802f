// Triggers of playbooks besides a person: webhooks (routes in ../playbook-webhook.routes.ts), schedules and
// events. `PlaybookTriggers` is the worker the composition root starts: the event handlers and the scheduler.
import type { AppContext } from '../../../context.js';
import { registerPlaybookEventTriggers } from './event-triggers.js';
import { PlaybookScheduleScheduler } from './schedule-trigger.js';

export { PLAYBOOK_TRIGGER_EVENTS, handleTriggerEvent } from './event-triggers.js';
export { PLAYBOOK_SCHEDULE_KIND } from './schedule-trigger.js';
export { PLAYBOOK_SCHEDULE_RULES, scheduleEntries } from './schedule-entries.js';

/** The event handlers and the schedule scheduler of one process: started with the other schedulers. */
export class PlaybookTriggers {
  private registered = false;
  private readonly scheduler: PlaybookScheduleScheduler;

  constructor(private readonly ctx: AppContext) {
    this.scheduler = new PlaybookScheduleScheduler(ctx);
  }

  /** Register the event handlers (once) and start claiming due schedule triggers. */
  start(): void {
    if (!this.registered) registerPlaybookEventTriggers(this.ctx);
    this.registered = true;
    this.scheduler.start();
  }

  /** Stop the scheduler (event handlers stop with the event consumer). */
  async stop(): Promise<void> {
    await this.scheduler.stop();
  }
}
