import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { S3MediaSettings } from '../../config/env.schema';
import {
  isMediaKey,
  MEDIA_CACHE_CONTROL,
  type ListedMedia,
  type MediaExtension,
  mediaContentType,
  mediaKeyOf,
  type MediaObject,
  type MediaStat,
  MediaStorage,
  type StoredMedia,
} from './media-storage';
import { signS3ListRequest, signS3Request } from './s3-request';

type S3Method = 'PUT' | 'HEAD' | 'GET' | 'DELETE';

/** A failed exchange with the object store: names the request, the status and the store's own error code. */
export class MediaStorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStorageError';
  }
}

/**
 * Media in any S3-compatible object store (AWS S3, MinIO, R2, Ceph...), spoken to with plain fetch
 * and SigV4 signatures. Objects carry their content type and immutable caching, so a CDN may serve
 * the bucket directly as well as through the media controller.
 */
export class S3MediaStorage extends MediaStorage {
  constructor(private readonly settings: S3MediaSettings) {
    super();
  }

  async put(bytes: Buffer, extension: MediaExtension): Promise<StoredMedia> {
    const key = mediaKeyOf(bytes, extension);
    if (await this.exists(key)) return { key, created: false, size: bytes.length };
    const response = await this.send('PUT', key, {
      body: bytes,
      // The key is the sha256 of the bytes, so it is also the signed payload hash.
      payloadSha256: key.slice(0, 64),
      headers: { 'Content-Type': mediaContentType(key), 'Cache-Control': MEDIA_CACHE_CONTROL },
    });
    await this.expectOk(response, 'PUT', key);
    return { key, created: true, size: bytes.length };
  }

  async stat(key: string): Promise<MediaStat | null> {
    if (!isMediaKey(key)) return null;
    const response = await this.send('HEAD', key);
    if (response.status === 404) return null;
    await this.expectOk(response, 'HEAD', key);
    return { size: this.contentLength(response, 'HEAD', key) };
  }

  async open(key: string): Promise<MediaObject | null> {
    if (!isMediaKey(key)) return null;
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await drain(response);
      return null;
    }
    await this.expectOk(response, 'GET', key);
    const size = this.contentLength(response, 'GET', key);
    if (!response.body) throw new MediaStorageError(`S3 GET ${this.describe(key)}: the answer has no body`);
    const stream = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
    // The content type comes from the key, never from what the store says about the object.
    return { stream, size, contentType: mediaContentType(key) };
  }

  async delete(key: string): Promise<void> {
    if (!isMediaKey(key)) return;
    const response = await this.send('DELETE', key);
    // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
    if (response.status === 404) {
      await drain(response);
      return;
    }
    await this.expectOk(response, 'DELETE', key);
  }

  /** ListObjectsV2, page after page (1000 objects each), under the configured prefix. */
  async *list(): AsyncIterable<ListedMedia> {
    let token: string | undefined;
    do {
      const { url, headers } = signS3ListRequest(this.settings, token);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
      let text: string;
      try {
        const response = await fetch(url, { method: 'GET', headers, signal: controller.signal });
        text = await response.text();
        if (!response.ok) {
          throw new MediaStorageError(
            `S3 list of s3://${this.settings.bucket}/${this.settings.prefix} answered ${response.status}`,
          );
        }
      } catch (error) {
        if (error instanceof MediaStorageError) throw error;
        throw new MediaStorageError(`S3 list failed: ${describeNetworkError(error)}`, { cause: error });
      } finally {
        clearTimeout(timer);
      }
      for (const [, body = ''] of text.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const name = xmlValue(body, 'Key');
        const key = name?.startsWith(this.settings.prefix) ? name.slice(this.settings.prefix.length) : null;
        if (!key || !isMediaKey(key)) continue;
        yield {
          key,
          size: Number(xmlValue(body, 'Size') ?? 0),
          modifiedAt: new Date(xmlValue(body, 'LastModified') ?? 0),
        };
      }
      token = xmlValue(text, 'IsTruncated') === 'true' ? xmlValue(text, 'NextContinuationToken') : undefined;
    } while (token);
  }

  /**
   * One signed request. The timeout covers the request until its answer's headers arrive: a body
   * being streamed to a reader is not cut off because the reader is slow.
   */
  private async send(
    method: S3Method,
    key: string,
    options: { body?: Buffer; payloadSha256?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const { url, headers } = signS3Request(this.settings, method, key, options);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    try {
      return await fetch(url, { method, headers, body: options.body, signal: controller.signal });
    } catch (error) {
      const why = controller.signal.aborted
        ? `no answer within ${this.settings.timeoutMs} ms`
        : describeNetworkError(error);
      throw new MediaStorageError(`S3 ${method} ${this.describe(key)} failed: ${why}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Consumes the answer; a status other than 2xx becomes a MediaStorageError with S3's own error code. */
  private async expectOk(response: Response, method: S3Method, key: string): Promise<void> {
    if (response.ok) {
      // A GET's body is the object itself, read by the caller; any other body is drained so the
      // connection goes back to the pool.
      if (method !== 'GET') await drain(response);
      return;
    }
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    const detail = [code, message].filter(Boolean).join(': ');
    const hint =
      response.status === 403 && !detail ? ' (check the access key, the secret and the bucket policy)' : '';
    throw new MediaStorageError(
      `S3 ${method} ${this.describe(key)} answered ${response.status}${detail ? ` ${detail}` : ''}${hint}`,
    );
  }

  private contentLength(response: Response, method: S3Method, key: string): number {
    const raw = response.headers.get('content-length') ?? '';
    const size = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(size)) {
      throw new MediaStorageError(
        `S3 ${method} ${this.describe(key)}: the answer has no valid Content-Length`,
      );
    }
    return size;
  }

  private describe(key: string): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}${key}`;
  }
}

/** The text of the first `<name>` element (S3 listings are flat enough for this), XML entities decoded. */
function xmlValue(xml: string, name: string): string | undefined {
  const raw = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
  return raw?.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '',
  );
}

async function drain(response: Response): Promise<void> {
  await response.arrayBuffer().catch(() => undefined);
}

/** fetch's own message is always "fetch failed"; the reason (refused, DNS, TLS...) is in its cause. */
function describeNetworkError(error: unknown): string {
  const message = (value: unknown): string | undefined =>
    typeof value === 'object' && value !== null && 'message' in value ? String(value.message) : undefined;
  const cause =
    typeof error === 'object' && error !== null && 'cause' in error ? message(error.cause) : undefined;
  const own = message(error) ?? String(error);
  return cause ? `${own} (${cause})` : own;
}
