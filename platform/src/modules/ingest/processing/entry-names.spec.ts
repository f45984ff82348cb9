import { displayName, hasHiddenCharacters, isJunkEntry, isUnsafePath } from './entry-names';

describe('entry names', () => {
  it.each([
    ['a right-to-left mark', 'page\u200f1.jpg'],
    ['a right-to-left override', 'gpj.\u202e1.exe'],
    ['an isolate', '\u2067page.jpg'],
    ['the Arabic letter mark', 'page\u061c.jpg'],
    ['a zero-width space', 'page\u200b1.jpg'],
    ['a zero-width joiner', 'pa\u200dge.jpg'],
    ['a word joiner', 'pa\u2060ge.jpg'],
    ['a byte-order mark', '\ufeffpage.jpg'],
    ['a control character', 'page\u0007.jpg'],
  ])('finds %s', (_label, name) => {
    expect(hasHiddenCharacters(name)).toBe(true);
  });

  it('accepts ordinary Arabic and Latin names', () => {
    expect(hasHiddenCharacters('الفصل ١/صفحة ٢.jpg')).toBe(false);
    expect(hasHiddenCharacters('Chapter 3/page-04 (final).png')).toBe(false);
  });

  it.each(['../x.jpg', 'a/../../x.jpg', '/etc/x.jpg', 'C:\\x.jpg', 'C:x.jpg', 'a\\b.jpg', ''])(
    'calls %j unsafe',
    (name) => {
      expect(isUnsafePath(name)).toBe(true);
    },
  );

  it('accepts nested folders and dots that are not segments', () => {
    expect(isUnsafePath('ch1/pages/01.jpg')).toBe(false);
    expect(isUnsafePath('..hidden..jpg')).toBe(false);
  });

  it('recognizes archiver junk and nothing else', () => {
    for (const junk of [
      '__MACOSX/ch1/._01.jpg',
      '.DS_Store',
      'ch1/Thumbs.db',
      'desktop.ini',
      'ch/._02.jpg',
    ]) {
      expect(isJunkEntry(junk)).toBe(true);
    }
    for (const page of ['01.jpg', 'ch1/macosx.jpg', '_01.jpg', 'ds_store.jpg']) {
      expect(isJunkEntry(page)).toBe(false);
    }
  });

  it('shows hidden characters where they are and shortens long names', () => {
    expect(displayName('gpj.\u202e1.exe')).toBe('gpj.[U+202E]1.exe');
    const long = displayName(`${'ص'.repeat(200)}.jpg`);
    expect([...long].length).toBeLessThanOrEqual(80);
    expect(long.endsWith('.jpg')).toBe(true);
    expect(long).toContain('…');
  });
});
