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

export function isMediaKey(key: string): boolean {
  return MEDIA_KEY_PATTERN.test(key);
}

/** The public URL path of a stored object (served by the media controller, or a CDN in front of it). */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

export interface StoredMedia {
  key: string;
  /** False when the same bytes were already stored (content addressing makes writes idempotent). */
  created: boolean;
  size: number;
}

export interface MediaObject {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Content-addressed storage of processed media. The local-disk driver serves development and single
 * machines; an S3-compatible driver can replace it behind the same interface.
 */
export abstract class MediaStorage {
  abstract put(bytes: Buffer, extension: MediaExtension): Promise<StoredMedia>;
  abstract exists(key: string): Promise<boolean>;
  /** The object, or null when the key is malformed or unknown. */
  abstract open(key: string): Promise<MediaObject | null>;
}
