import { NOVEL_IMPORT_MESSAGES as M } from '@warraq/contracts';
import { displayName } from '../../ingest/processing/entry-names';
import { NovelTextRejection } from '../novel-text.rejection';

/**
 * Where a reference inside a package (an OPC relationship target, an EPUB href) points, as a part
 * name: relative to `base` (the referring part's folder, '' for the root), `/…` from the root,
 * percent-escapes decoded, fragment dropped. A reference that leaves the package (`../` past its
 * root, a URL with a scheme, a backslash, a NUL) is refused: it can only be an attack or a mistake.
 */
export function archivePath(base: string, reference: string): string {
  const unsafe = () =>
    new NovelTextRejection(
      'archive_unsafe_path',
      M.archiveUnsafePath(displayName(reference)),
      displayName(reference),
    );
  const withoutFragment = reference.replace(/[#?].*$/s, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(withoutFragment) || withoutFragment.startsWith('//')) throw unsafe();
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutFragment);
  } catch {
    throw unsafe();
  }
  if (decoded.includes('\\') || decoded.includes('\0') || decoded === '') throw unsafe();
  const segments = decoded.startsWith('/') ? [] : base.split('/').filter(Boolean);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) throw unsafe();
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}

/** The folder of a part name ('' at the root). */
export function partFolder(name: string): string {
  const slash = name.lastIndexOf('/');
  return slash < 0 ? '' : name.slice(0, slash);
}
