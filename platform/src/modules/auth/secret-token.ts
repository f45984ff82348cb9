import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): session ids, API tokens and sign-in codes. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
