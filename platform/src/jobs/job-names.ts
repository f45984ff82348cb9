/** Every queue and the jobs it carries, with each job's payload. */
export const QUEUES = {
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  tokensPurgeExpired: 'tokens.purge-expired',
} as const;

/** Job name → payload. A processor switches over these names exhaustively. */
export interface JobPayloads {
  [JOBS.tokensPurgeExpired]: Record<string, never>;
}
export type JobName = keyof JobPayloads;

/** Which queue each job goes to. */
export const JOB_QUEUE: { [N in JobName]: QueueName } = {
  [JOBS.tokensPurgeExpired]: QUEUES.maintenance,
};

export const TOKENS_PURGE_EVERY_MS = 10 * 60 * 1000;
