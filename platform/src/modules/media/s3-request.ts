import aws4 from 'aws4';
import type { S3MediaSettings } from '../../config/env.schema';

/** sha256 of an empty payload: the body hash of every request without a body (HEAD, GET, DELETE). */
export const EMPTY_PAYLOAD_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SignedS3Request {
  url: URL;
  /** Every header to send (Host is left to fetch, which derives the same value from the URL). */
  headers: Record<string, string>;
}

/**
 * The URL of one object: `<endpoint>/<bucket>/<prefix><key>` (path style) or
 * `<bucket>.<endpoint host>/<prefix><key>` (virtual-host style, what AWS expects by default).
 */
export function s3ObjectUrl(settings: S3MediaSettings, key: string): URL {
  const endpoint = new URL(settings.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const objectPath = `${settings.prefix}${key}`;
  if (settings.forcePathStyle) {
    return new URL(`${endpoint.origin}${basePath}/${settings.bucket}/${objectPath}`);
  }
  return new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}${basePath}/${objectPath}`);
}

/**
 * Signs one object request with AWS Signature V4. The payload hash is signed too (never
 * UNSIGNED-PAYLOAD), so the store refuses a body that changed on the way.
 */
export function signS3Request(
  settings: S3MediaSettings,
  method: 'PUT' | 'HEAD' | 'GET' | 'DELETE',
  key: string,
  options: { headers?: Record<string, string>; payloadSha256?: string } = {},
): SignedS3Request {
  const url = s3ObjectUrl(settings, key);
  const headers: Record<string, string> = {
    ...options.headers,
    Host: url.host,
    'X-Amz-Content-Sha256': options.payloadSha256 ?? EMPTY_PAYLOAD_SHA256,
  };
  const signed = aws4.sign(
    { service: 's3', region: settings.region, method, host: url.host, path: url.pathname, headers },
    { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  );
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers ?? {})) {
    if (name.toLowerCase() !== 'host' && value !== undefined) out[name] = String(value);
  }
  return { url, headers: out };
}

/**
 * Signs one page of a ListObjectsV2 of the bucket (under the configured prefix), continuing after
 * `continuationToken` when given.
 */
export function signS3ListRequest(settings: S3MediaSettings, continuationToken?: string): SignedS3Request {
  const objectUrl = s3ObjectUrl(settings, '');
  const bucketPath = objectUrl.pathname.slice(0, objectUrl.pathname.length - settings.prefix.length);
  const query = new URLSearchParams({ 'list-type': '2', prefix: settings.prefix });
  if (continuationToken) query.set('continuation-token', continuationToken);
  const url = new URL(`${objectUrl.origin}${bucketPath}?${query.toString().replace(/\+/g, '%20')}`);
  const headers: Record<string, string> = { Host: url.host, 'X-Amz-Content-Sha256': EMPTY_PAYLOAD_SHA256 };
  const signed = aws4.sign(
    {
      service: 's3',
      region: settings.region,
      method: 'GET',
      host: url.host,
      path: `${url.pathname}${url.search}`,
      headers,
    },
    { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  );
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers ?? {})) {
    if (name.toLowerCase() !== 'host' && value !== undefined) out[name] = String(value);
  }
  return { url, headers: out };
}
