import type { S3MediaSettings } from '../../config/env.schema';
import { EMPTY_PAYLOAD_SHA256, s3ObjectUrl, signS3Request } from './s3-request';

const settings = (overrides: Partial<S3MediaSettings> = {}): S3MediaSettings => ({
  endpoint: 'https://s3.amazonaws.com',
  region: 'us-east-1',
  bucket: 'examplebucket',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  forcePathStyle: false,
  prefix: '',
  timeoutMs: 1000,
  ...overrides,
});

const KEY = `${'c'.repeat(64)}.webp`;

describe('S3 object addresses', () => {
  it('puts the bucket in the host name by default (virtual-host style)', () => {
    expect(s3ObjectUrl(settings(), KEY).href).toBe(`https://examplebucket.s3.amazonaws.com/${KEY}`);
  });

  it('puts the bucket in the path when forced, keeping the endpoint port', () => {
    const url = s3ObjectUrl(settings({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }), KEY);
    expect(url.href).toBe(`http://127.0.0.1:9000/examplebucket/${KEY}`);
  });

  it('keeps an endpoint path and puts the key under the prefix', () => {
    const path = s3ObjectUrl(
      settings({ endpoint: 'https://store.example.net/s3/', forcePathStyle: true, prefix: 'warraq/media/' }),
      KEY,
    );
    expect(path.href).toBe(`https://store.example.net/s3/examplebucket/warraq/media/${KEY}`);
    const host = s3ObjectUrl(settings({ endpoint: 'https://r2.example.net:8443', prefix: 'media/' }), KEY);
    expect(host.href).toBe(`https://examplebucket.r2.example.net:8443/media/${KEY}`);
  });
});

describe('S3 request signing', () => {
  // The worked example of AWS's SigV4 documentation for S3 ("PUT Object", signed payload).
  it('matches the signature AWS documents for a PUT', () => {
    const signed = signS3Request(settings(), 'PUT', 'test$file.text', {
      headers: {
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'X-Amz-Date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadSha256: '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    });
    expect(signed.url.href).toBe('https://examplebucket.s3.amazonaws.com/test$file.text');
    expect(signed.headers.Authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('signs the empty payload hash for requests without a body, and leaves Host to fetch', () => {
    const signed = signS3Request(settings(), 'HEAD', KEY);
    expect(signed.headers['X-Amz-Content-Sha256']).toBe(EMPTY_PAYLOAD_SHA256);
    expect(signed.headers['X-Amz-Date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(signed.headers.Authorization).toMatch(/SignedHeaders=host;x-amz-content-sha256;x-amz-date,/);
    expect(Object.keys(signed.headers).map((name) => name.toLowerCase())).not.toContain('host');
  });

  it('binds the signature to the secret, the method and the object', () => {
    const headers = { 'X-Amz-Date': '20240101T000000Z' };
    const base = signS3Request(settings(), 'GET', KEY, { headers }).headers.Authorization;
    expect(signS3Request(settings(), 'GET', KEY, { headers }).headers.Authorization).toBe(base);
    expect(
      signS3Request(settings({ secretAccessKey: 'other' }), 'GET', KEY, { headers }).headers.Authorization,
    ).not.toBe(base);
    expect(signS3Request(settings(), 'DELETE', KEY, { headers }).headers.Authorization).not.toBe(base);
    expect(
      signS3Request(settings({ prefix: 'media/' }), 'GET', KEY, { headers }).headers.Authorization,
    ).not.toBe(base);
  });
});
