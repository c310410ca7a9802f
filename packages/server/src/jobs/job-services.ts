import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/pool.js';
import { JobHistoryRepository } from '../modules/job-history/job-history.repository.js';
import { JobHistoryService } from '../modules/job-history/job-history.service.js';
import { EventQueueRepository } from './event-queue.repository.js';
import { EventQueue } from './event-queue.js';
import { JobQueueRepository } from './job-queue.repository.js';
import { JobRecorder } from './job-recorder.js';

/** The `jobs` and `events` services of the AppContext, usable before (and without) startJobs. */
export function createJobServices(db: Db, log: FastifyBaseLogger): { jobs: JobRecorder; events: EventQueue } {
  return {
    jobs: new JobRecorder(new JobHistoryService(new JobHistoryRepository(db)), new JobQueueRepository(db), log),
    events: new EventQueue(new EventQueueRepository(db)),
  };
}
