import { INGEST_LIMITS, INGEST_MESSAGES } from '@warraq/contracts';
import { declaredFileErrors } from './declared-files.rules';

const png = (name = 'p.png', size = 1000) => ({ name, size, type: 'image/png' });
const zip = (name = 'c.zip', size = 1000, type = 'application/zip') => ({ name, size, type });

describe('declaredFileErrors', () => {
  it('accepts JPG, PNG and WebP images of any case, and one zip', () => {
    expect(
      declaredFileErrors('images', [
        png('01.PNG'),
        { name: 'b.jpeg', size: 5, type: 'image/jpeg' },
        { name: 'c.jpg', size: 5, type: 'image/jpeg' },
        { name: 'd.webp', size: 5, type: 'image/webp' },
      ]),
    ).toBeNull();
    expect(declaredFileErrors('zip', [zip('Chapter 1.ZIP', 1000, '')])).toBeNull();
  });

  it('refuses other image formats, by extension or by declared type', () => {
    expect(declaredFileErrors('images', [png(), { name: 'a.gif', size: 5, type: 'image/gif' }])).toEqual({
      files: [INGEST_MESSAGES.imagesOnly],
    });
    expect(declaredFileErrors('images', [{ name: 'a.png', size: 5, type: 'text/html' }])).toEqual({
      files: [INGEST_MESSAGES.imagesOnly],
    });
    expect(declaredFileErrors('images', [zip()])).toEqual({ files: [INGEST_MESSAGES.imagesOnly] });
  });

  it('holds the counts and sizes of the spec', () => {
    const many = Array.from({ length: INGEST_LIMITS.maxImages + 1 }, (_, i) => png(`${i}.png`));
    expect(declaredFileErrors('images', many)).toEqual({ files: [INGEST_MESSAGES.maxImages] });
    expect(declaredFileErrors('images', many.slice(1))).toBeNull();
    expect(declaredFileErrors('images', [png('a.png', INGEST_LIMITS.maxImageBytes + 1)])).toEqual({
      files: [INGEST_MESSAGES.imageTooLarge],
    });
    expect(declaredFileErrors('zip', [zip(), zip('b.zip')])).toEqual({ files: [INGEST_MESSAGES.oneZipOnly] });
    expect(declaredFileErrors('zip', [zip('c.zip', INGEST_LIMITS.maxZipBytes + 1)])).toEqual({
      files: [INGEST_MESSAGES.zipTooLarge],
    });
    expect(declaredFileErrors('zip', [zip('c.rar')])).toEqual({ files: [INGEST_MESSAGES.zipOnly] });
    expect(declaredFileErrors('zip', [zip('c.zip', 10, 'image/png')])).toEqual({
      files: [INGEST_MESSAGES.zipOnly],
    });
  });
});
