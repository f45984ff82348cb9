import aws4 from 'aws4';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3MediaSettings } from '../src/config/env.schema';

export interface FakeS3Object {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  /** When it was put (a test may move it back to make it old). */
  modifiedAt: Date;
}

export interface FakeS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** Objects by their full object name (prefix included). */
  objects: Map<string, FakeS3Object>;
  /** Every request that reached the server, signed correctly or not: `METHOD /path`. */
  requests: string[];
  /** Settings for S3MediaStorage that talk to this server with valid credentials. */
  settings: (overrides?: Partial<S3MediaSettings>) => S3MediaSettings;
  /** The next `count` requests get this status and an S3 error body, after verification. */
  failNext: (status: number, code: string, count?: number) => void;
  /** The next request is read but never answered (a store that hangs). */
  stallNext: () => void;
  close: () => Promise<void>;
}

const ACCESS_KEY_ID = 'WARRAQTESTKEY';
const SECRET_ACCESS_KEY = 'warraq-test-secret-0123456789';
const REGION = 'eu-test-1';
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(xml) });
  res.end(xml);
}

/** ListObjectsV2, two objects a page (so the driver's paging is exercised), names in order. */
function sendList(
  res: ServerResponse,
  bucket: string,
  objects: Map<string, FakeS3Object>,
  prefix: string,
  after: string | null,
): void {
  const names = [...objects.keys()].filter((n) => n.startsWith(prefix) && (!after || n > after)).sort();
  const page = names.slice(0, 2);
  const truncated = names.length > page.length;
  const contents = page
    .map((n) => {
      const o = objects.get(n)!;
      return `<Contents><Key>${n}</Key><LastModified>${o.modifiedAt.toISOString()}</LastModified><Size>${o.body.length}</Size></Contents>`;
    })
    .join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${page[page.length - 1]}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`;
  res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(xml) });
  res.end(xml);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Checks a request the way S3 does: the credential scope, the clock, the payload hash against the
 * body received, and the signature, recomputed with aws4 from the headers the client says it signed
 * and the secret this server knows. Returns an S3 error code, or null when the request is authentic.
 */
function verifySignature(req: IncomingMessage, body: Buffer): { status: number; code: string } | null {
  const authorization = header(req, 'authorization') ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([a-f0-9]{64})$/.exec(
      authorization,
    );
  if (!match) return { status: 403, code: 'AccessDenied' };
  const [, accessKeyId = '', date = '', region = '', signedHeaderList = ''] = match;
  if (accessKeyId !== ACCESS_KEY_ID) return { status: 403, code: 'InvalidAccessKeyId' };
  if (region !== REGION) return { status: 400, code: 'AuthorizationHeaderMalformed' };
  const amzDate = header(req, 'x-amz-date') ?? '';
  const when = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (
    !amzDate.startsWith(date) ||
    !Number.isFinite(when) ||
    Math.abs(Date.now() - when) > MAX_CLOCK_SKEW_MS
  ) {
    return { status: 403, code: 'RequestTimeTooSkewed' };
  }
  const signedNames = signedHeaderList.split(';');
  if (!signedNames.includes('host') || !signedNames.includes('x-amz-content-sha256')) {
    return { status: 403, code: 'AccessDenied' };
  }
  if (header(req, 'x-amz-content-sha256') !== createHash('sha256').update(body).digest('hex')) {
    return { status: 400, code: 'XAmzContentSHA256Mismatch' };
  }
  const headers: Record<string, string> = {};
  for (const name of signedNames) headers[name] = header(req, name) ?? '';
  const expected = aws4.sign(
    { service: 's3', region, method: req.method, host: headers.host, path: req.url, headers },
    { accessKeyId, secretAccessKey: SECRET_ACCESS_KEY },
  ).headers?.Authorization;
  return expected === authorization ? null : { status: 403, code: 'SignatureDoesNotMatch' };
}

/**
 * A tiny S3-compatible server on loopback (path-style requests, one bucket, objects in a Map) that
 * refuses any request whose SigV4 signature does not verify — so a driver with a wrong secret, a
 * wrong region or a body that does not match its signed hash fails here as it would against S3.
 */
export async function startFakeS3(bucket = 'warraq-media'): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: string[] = [];
  const failures: { status: number; code: string }[] = [];
  let stall = false;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      requests.push(`${req.method} ${req.url}`);
      if (stall) {
        stall = false;
        return;
      }
      const denied = verifySignature(req, body);
      if (denied) return sendError(res, denied.status, denied.code, 'The request was refused.');
      const failure = failures.shift();
      if (failure) return sendError(res, failure.status, failure.code, 'Injected failure.');
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname);
      if (!path.startsWith(`/${bucket}/`)) return sendError(res, 404, 'NoSuchBucket', 'No such bucket.');
      const name = path.slice(bucket.length + 2);
      const query = new URL(req.url ?? '/', 'http://fake').searchParams;
      if (name === '' && req.method === 'GET' && query.get('list-type') === '2') {
        return sendList(res, bucket, objects, query.get('prefix') ?? '', query.get('continuation-token'));
      }
      const object = objects.get(name);
      switch (req.method ?? '') {
        case 'PUT':
          objects.set(name, {
            body,
            contentType: header(req, 'content-type'),
            cacheControl: header(req, 'cache-control'),
            modifiedAt: new Date(),
          });
          res.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` });
          return res.end();
        case 'HEAD':
          if (!object) {
            res.writeHead(404);
            return res.end();
          }
          res.writeHead(200, {
            'Content-Length': object.body.length,
            'Content-Type': object.contentType ?? 'binary/octet-stream',
          });
          return res.end();
        case 'GET':
          if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'Content-Length': object.body.length,
            'Content-Type': object.contentType ?? 'binary/octet-stream',
          });
          return res.end(object.body);
        case 'DELETE':
          objects.delete(name);
          res.writeHead(204);
          return res.end();
        default:
          return sendError(res, 405, 'MethodNotAllowed', 'Not supported here.');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    bucket,
    objects,
    requests,
    settings: (overrides = {}) => ({
      endpoint,
      region: REGION,
      bucket,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
      prefix: '',
      timeoutMs: 5_000,
      ...overrides,
    }),
    failNext(status, code, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ status, code });
    },
    stallNext() {
      stall = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The same settings as environment variables, for an app started with the s3 driver. */
export function fakeS3Env(settings: S3MediaSettings): Record<string, string> {
  return {
    WARRAQ_MEDIA_DRIVER: 's3',
    WARRAQ_S3_ENDPOINT: settings.endpoint,
    WARRAQ_S3_REGION: settings.region,
    WARRAQ_S3_BUCKET: settings.bucket,
    WARRAQ_S3_ACCESS_KEY_ID: settings.accessKeyId,
    WARRAQ_S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    WARRAQ_S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
    WARRAQ_S3_PREFIX: settings.prefix,
  };
}
