import { loadConfig } from '../../config/app-config';

describe('media configuration', () => {
  it('keeps the local disk and same-origin media URLs by default', () => {
    const config = loadConfig({}, {});
    expect(config.mediaStore).toEqual({ driver: 'local' });
    expect(config.mediaBaseUrl).toBe('');
  });

  it('requires the bucket settings when the s3 driver is chosen', () => {
    expect(() => loadConfig({ WARRAQ_MEDIA_DRIVER: 's3' }, {})).toThrow(
      /WARRAQ_S3_ENDPOINT: required[\s\S]*WARRAQ_S3_BUCKET: required[\s\S]*WARRAQ_S3_ACCESS_KEY_ID: required[\s\S]*WARRAQ_S3_SECRET_ACCESS_KEY: required/,
    );
  });

  it('reads a complete s3 configuration', () => {
    const config = loadConfig(
      {
        WARRAQ_MEDIA_DRIVER: 's3',
        WARRAQ_S3_ENDPOINT: 'http://127.0.0.1:9000',
        WARRAQ_S3_BUCKET: 'warraq-media',
        WARRAQ_S3_ACCESS_KEY_ID: 'key',
        WARRAQ_S3_SECRET_ACCESS_KEY: 'secret',
        WARRAQ_S3_FORCE_PATH_STYLE: 'true',
        WARRAQ_S3_PREFIX: 'media/',
      },
      {},
    );
    expect(config.mediaStore).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        bucket: 'warraq-media',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: 'media/',
        timeoutMs: 30_000,
      },
    });
  });

  it.each([
    ['WARRAQ_S3_PREFIX', '/media'],
    ['WARRAQ_S3_PREFIX', 'media'],
    ['WARRAQ_S3_PREFIX', '../media/'],
    ['WARRAQ_S3_BUCKET', 'Warraq_Media'],
    ['WARRAQ_MEDIA_BASE_URL', 'cdn.warraq.localhost'],
    ['WARRAQ_MEDIA_BASE_URL', 'javascript:alert(1)'],
    ['WARRAQ_MEDIA_BASE_URL', 'https://cdn.example.net/?x=1'],
    ['WARRAQ_MEDIA_DRIVER', 'ftp'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value }, {})).toThrow(name);
  });

  it('takes a cdn origin for media URLs, without its trailing slash', () => {
    const config = loadConfig({ WARRAQ_MEDIA_BASE_URL: 'http://cdn.warraq.localhost:8080/' }, {});
    expect(config.mediaBaseUrl).toBe('http://cdn.warraq.localhost:8080');
  });
});
