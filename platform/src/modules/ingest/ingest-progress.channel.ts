import type { ChapterUpload } from '@warraq/contracts';

/** What the worker publishes on each status change of an upload; every API process relays it. */
export interface IngestProgressMessage {
  /** The uploader: only their sockets receive it. */
  userId: number;
  upload: ChapterUpload;
}

/** The pub/sub channel, under the platform's Redis prefix (one deployment's messages stay its own). */
export function ingestProgressChannel(prefix: string): string {
  return `${prefix}ingest:progress`;
}
