import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

export const MEDIA_EXTENSIONS = ['webp', 'png', 'jpg', 'avif'] as const;
export type MediaExtension = (typeof MEDIA_EXTENSIONS)[number];

/** A media key: sha256 of the bytes (hex) and the extension. Nothing else is ever a key. */
export const MEDIA_KEY_PATTERN = /^[a-f0-9]{64}\.(webp|png|jpg|avif)$/;

export const MEDIA_CONTENT_TYPES: Record<MediaExtension, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  avif: 'image/avif',
};

/** Keys never change their bytes, so every cache may keep them for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function isMediaKey(key: string): boolean {
  return MEDIA_KEY_PATTERN.test(key);
}

/** The content type a key's extension stands for (the key has been checked with isMediaKey). */
export function mediaContentType(key: string): string {
  return MEDIA_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as MediaExtension];
}

let publicBaseUrl = '';

/**
 * Where `/media/<key>` is published: '' keeps media URLs same-origin; an origin such as
 * `https://cdn1.example.net` moves them to a cdn host. Set once per process from configuration
 * (MediaStorageModule does it as it starts), so every caller of mediaUrl() agrees without carrying
 * the configuration around.
 */
export function setMediaBaseUrl(baseUrl: string): void {
  publicBaseUrl = baseUrl.replace(/\/+$/, '');
}

/** The public URL of a stored object (served by the media controller, or a CDN in front of it). */
export function mediaUrl(key: string): string {
  return `${publicBaseUrl}/media/${key}`;
}

export interface StoredMedia {
  key: string;
  /** False when the same bytes were already stored (content addressing makes writes idempotent). */
  created: boolean;
  size: number;
}

export interface MediaStat {
  size: number;
}

/** One object as a listing of the store shows it. */
export interface ListedMedia {
  key: string;
  size: number;
  /** When its bytes were last written. */
  modifiedAt: Date;
}

export interface MediaObject {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Content-addressed storage of processed media, behind which the local disk (development, single
 * machines) and any S3-compatible object store (production) are interchangeable. Malformed keys are
 * treated as unknown by every method, so a key taken from a URL can be passed straight in.
 */
export abstract class MediaStorage {
  /** Stores the bytes under `<sha256>.<extension>`; storing the same bytes again writes nothing. */
  abstract put(bytes: Buffer, extension: MediaExtension): Promise<StoredMedia>;
  /** The object's size, or null when the key is malformed or unknown. */
  abstract stat(key: string): Promise<MediaStat | null>;
  /** The object, or null when the key is malformed or unknown. */
  abstract open(key: string): Promise<MediaObject | null>;
  /** Removes the object; removing one that is not there (or never was) succeeds. */
  abstract delete(key: string): Promise<void>;
  /** Every object of the store (only well-formed keys), in no particular order, for the collector. */
  abstract list(): AsyncIterable<ListedMedia>;

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** The object's bytes (an image to make copies of), or null when the key is malformed or unknown. */
  async read(key: string): Promise<Buffer | null> {
    const object = await this.open(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

export function mediaKeyOf(bytes: Buffer, extension: MediaExtension): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}

/** Whether a key names an AVIF object: the page copies a reader is offered as a second source. */
export function isAvifKey(key: string): boolean {
  return key.endsWith('.avif');
}
