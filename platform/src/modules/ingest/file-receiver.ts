import { INGEST_MESSAGES } from '@warraq/contracts';
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../../common/http/api-error';
import { sniffImage } from '../media/image-sniff';
import { type FileKind, tooLargeMessage } from './declared-files.rules';

/** Bytes enough to tell JPEG, PNG, WebP and zip apart. */
const HEAD_BYTES = 12;
/**
 * After a refusal the rest of the body is still read (and discarded) while it keeps coming: closing
 * with unread bytes would make the edge's write fail and turn the answer into its own 502 page. A
 * client that stalls this long, or sends more than the edge would ever pass on, is cut off.
 */
const DRAIN_IDLE_MS = 10_000;
const DRAIN_MAX_BYTES = 128 * 1024 * 1024;

export interface ReceivedFile {
  size: number;
  sha256: string;
}

/** Whether the first bytes are what the upload method accepts; names and declared types never decide. */
export function headMatches(kind: FileKind, head: Buffer): boolean {
  if (kind === 'image') return sniffImage(head) !== null;
  // A local file header, or the end record alone (an empty archive, which processing reports as such).
  const signature = head.subarray(0, 4).toString('latin1');
  return signature === 'PK\x03\x04' || signature === 'PK\x05\x06';
}

/** A refusal in the middle of a body: answered at once; the rest of the body is discarded, never written. */
function refused(status: 400 | 413, message: string): ApiError {
  return new ApiError(status, message, { file: [message] });
}

/**
 * Streams a request body into `partPath` (never buffered whole): counts the bytes against the declared
 * size, checks the first bytes, hashes, and fsyncs. More bytes than declared → 413; fewer (the client
 * stopped) → 400; wrong first bytes → 400. On any refusal the partial file is removed by the caller.
 */
export async function receiveBody(
  req: IncomingMessage,
  partPath: string,
  expected: { size: number; kind: FileKind },
): Promise<ReceivedFile> {
  const declaredLength = Number(req.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > expected.size) {
    drainAndForget(req);
    throw refused(413, tooLargeMessage(expected.kind));
  }

  const file = await open(partPath, 'wx');
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  let headChecked = false;
  const checkHead = () => {
    headChecked = true;
    if (!headMatches(expected.kind, head)) {
      throw refused(400, expected.kind === 'zip' ? INGEST_MESSAGES.zipOnly : INGEST_MESSAGES.imagesOnly);
    }
  };

  try {
    await forEachChunk(req, async (chunk) => {
      size += chunk.length;
      if (size > expected.size) throw refused(413, tooLargeMessage(expected.kind));
      if (!headChecked) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (head.length >= HEAD_BYTES) checkHead();
      }
      hash.update(chunk);
      await file.write(chunk);
    });
    if (size !== expected.size) throw refused(400, INGEST_MESSAGES.sizeMismatch);
    if (!headChecked) checkHead();
    await file.sync();
  } catch (error) {
    drainAndForget(req);
    throw error;
  } finally {
    await file.close();
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Feeds the body to `onChunk` one chunk at a time (pausing the socket while each is written). Unlike
 * `for await`, stopping early does not destroy the request, so the refusal can still be answered.
 */
function forEachChunk(req: IncomingMessage, onChunk: (chunk: Buffer) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    // The chunk being written: 'end' can come while it is in flight, and must wait for it.
    let writing: Promise<void> = Promise.resolve();
    const onData = (chunk: Buffer) => {
      req.pause();
      writing = onChunk(chunk);
      writing.then(
        () => {
          if (!settled) req.resume();
        },
        (error: unknown) => finish(error),
      );
    };
    const onEnd = () => {
      writing.then(
        () => finish(),
        (error: unknown) => finish(error),
      );
    };
    // The client went away before sending everything: the short count becomes a size mismatch.
    const onError = () => finish(refused(400, INGEST_MESSAGES.sizeMismatch));
    const onClose = () => {
      if (!req.complete) finish(refused(400, INGEST_MESSAGES.sizeMismatch));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * Discards whatever of the body is still coming, so the answer reaches the client and the connection
 * stays usable (closing with unread bytes would reset it and lose the answer); cuts the socket if the
 * client stalls or sends far more than any upload may be.
 */
function drainAndForget(req: IncomingMessage): void {
  if (req.complete) return;
  req.removeAllListeners('data');
  req.on('error', () => undefined);
  let drained = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, DRAIN_IDLE_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) cut();
    else timer.refresh();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}
