/**
 * Checks on the names of uploaded files and zip entries. Names are only ever shown to people
 * (entries are extracted to numbered files), but a name can still lie: reversed by bidi controls,
 * padded with invisible characters, or pointing outside the archive.
 */

/**
 * Bidi controls (LRM, RLM, LRE…RLO, LRI…PDI, ALM), zero-width characters and the BOM, plus C0/C1
 * control characters: none belongs in a file name, and each can make one name display as another.
 */
const HIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  /[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c\u200b-\u200d\u2060\ufeff\u0000-\u001f\u007f-\u009f]/u;
const HIDDEN_CHARACTERS_GLOBAL = new RegExp(HIDDEN_CHARACTERS.source, 'gu');

export function hasHiddenCharacters(name: string): boolean {
  return HIDDEN_CHARACTERS.test(name);
}

/** Absolute paths (`/x`, `C:\x`, `C:x`), backslashes anywhere, `..` segments, or no name at all. */
export function isUnsafePath(name: string): boolean {
  if (name.length === 0 || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return true;
  return name.split('/').includes('..');
}

/** What archivers add beside the pages: skipped silently, never read. */
export function isJunkEntry(name: string): boolean {
  const segments = name.split('/');
  const base = segments[segments.length - 1] ?? '';
  if (segments[0] === '__MACOSX') return true;
  if (base.startsWith('._')) return true;
  return ['.ds_store', 'thumbs.db', 'desktop.ini'].includes(base.toLowerCase());
}

export function isDirectoryEntry(name: string): boolean {
  return name.endsWith('/');
}

const ARCHIVE_EXTENSIONS = [
  '.zip',
  '.rar',
  '.7z',
  '.cbz',
  '.cbr',
  '.cb7',
  '.tar',
  '.gz',
  '.tgz',
  '.bz2',
  '.xz',
];

export function hasArchiveExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return ARCHIVE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

const DISPLAY_MAX = 80;

/**
 * A name as it may appear in a message: hidden characters shown as `[U+200F]` (the uploader sees
 * where they are), whitespace collapsed, and long names cut in the middle, keeping the extension.
 */
export function displayName(name: string): string {
  const visible = name
    .replace(
      HIDDEN_CHARACTERS_GLOBAL,
      (char) => `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`,
    )
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...visible];
  if (chars.length <= DISPLAY_MAX) return visible;
  const tail = Math.floor(DISPLAY_MAX / 2) - 1;
  return `${chars.slice(0, DISPLAY_MAX - tail - 1).join('')}…${chars.slice(-tail).join('')}`;
}
