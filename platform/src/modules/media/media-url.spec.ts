import { mediaUrl, setMediaBaseUrl } from './media-storage';

const KEY = `${'ab'.repeat(32)}.webp`;

describe('mediaUrl', () => {
  afterEach(() => setMediaBaseUrl(''));

  it('is same-origin until a base is configured', () => {
    expect(mediaUrl(KEY)).toBe(`/media/${KEY}`);
  });

  it('points at the configured cdn host', () => {
    setMediaBaseUrl('https://cdn1.warraq-media.net/');
    expect(mediaUrl(KEY)).toBe(`https://cdn1.warraq-media.net/media/${KEY}`);
    setMediaBaseUrl('');
    expect(mediaUrl(KEY)).toBe(`/media/${KEY}`);
  });
});
