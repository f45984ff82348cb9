import {
  HtmlNovelTextReader,
  NOVEL_IMPORT_MESSAGES as M,
  NOVEL_TEXT_MESSAGES,
  type NovelText,
} from '@warraq/contracts';
import { characterEntitiesHtml4 } from 'character-entities-html4';
import { displayName } from '../../ingest/processing/entry-names';
import type { NovelArchiveLimits } from '../novel-import.limits';
import { NovelTextRejection } from '../novel-text.rejection';
import { archivePath, partFolder } from './archive-paths';
import { ChapterArchive } from './chapter-archive';
import type { Deadline } from './deadline';
import { parseXml } from './safe-xml';

const CONTAINER = 'META-INF/container.xml';
const ENCRYPTION = 'META-INF/encryption.xml';
const XHTML_TYPES = new Set(['application/xhtml+xml', 'text/html']);

interface ManifestItem {
  href: string;
  mediaType: string;
}

/**
 * Reads an .epub: `META-INF/container.xml` names the package document, whose spine lists the
 * content documents in reading order; each linear XHTML document is read as HTML is everywhere
 * (paragraphs, emphasis, scene breaks; scripts, media, notes and everything else dropped), one
 * after another. Every reference is resolved inside the archive and refused if it leaves it. A
 * book whose documents are encrypted (DRM) is refused; font obfuscation alone is not. XHTML may
 * use the HTML 4 named entities its DTD defines; no DTD is ever read.
 */
export async function importEpub(
  bytes: Buffer,
  name: string,
  limits: NovelArchiveLimits,
  deadline: Deadline,
): Promise<NovelText> {
  const notAnEpub = () =>
    new NovelTextRejection('not_an_epub', M.notAnEpub(displayName(name)), displayName(name));
  const archive = await ChapterArchive.open(bytes, limits, deadline);
  try {
    const container = await archive.read(CONTAINER);
    if (!container) throw notAnEpub();
    const packagePath = readContainer(container, limits, deadline);
    if (!packagePath) throw notAnEpub();
    const packageDocument = await archive.read(packagePath);
    if (!packageDocument) throw notAnEpub();
    const documents = readPackage(packageDocument, packagePath, limits, deadline);
    const encrypted = await encryptedParts(archive, limits, deadline);
    if (documents.some((document) => encrypted.has(document))) {
      throw new NovelTextRejection('epub_protected', M.epubProtected);
    }
    const reader = new HtmlNovelTextReader();
    for (const path of documents) {
      const document = await archive.read(path);
      if (!document) throw notAnEpub();
      readContentDocument(reader, document, path, limits, deadline);
    }
    return reader.finish();
  } finally {
    archive.close();
  }
}

function readContainer(bytes: Buffer, limits: NovelArchiveLimits, deadline: Deadline): string | null {
  let fullPath: string | null = null;
  parseXml(
    bytes,
    {
      open: (element) => {
        if (fullPath === null && element.local === 'rootfile')
          fullPath = element.attribute('full-path') ?? null;
      },
      close: () => undefined,
      text: () => undefined,
    },
    { name: CONTAINER, deadline, maxDepth: limits.maxXmlDepth },
  );
  return fullPath === null ? null : archivePath('', fullPath);
}

/** The spine's linear XHTML documents, in reading order, as part names. */
function readPackage(bytes: Buffer, path: string, limits: NovelArchiveLimits, deadline: Deadline): string[] {
  const manifest = new Map<string, ManifestItem>();
  const spine: string[] = [];
  parseXml(
    bytes,
    {
      open: (element) => {
        if (element.local === 'item') {
          const id = element.attribute('id');
          const href = element.attribute('href');
          if (id && href) manifest.set(id, { href, mediaType: element.attribute('media-type') ?? '' });
        } else if (element.local === 'itemref' && element.attribute('linear') !== 'no') {
          const idref = element.attribute('idref');
          if (idref) spine.push(idref);
        }
      },
      close: () => undefined,
      text: () => undefined,
    },
    { name: path, deadline, maxDepth: limits.maxXmlDepth },
  );
  const folder = partFolder(path);
  const documents: string[] = [];
  for (const idref of spine) {
    const item = manifest.get(idref);
    if (!item || !XHTML_TYPES.has(item.mediaType)) continue;
    const document = archivePath(folder, item.href);
    if (!documents.includes(document)) documents.push(document);
  }
  return documents;
}

/** Parts whose content is encrypted (`CipherReference` URIs of `META-INF/encryption.xml`). */
async function encryptedParts(
  archive: ChapterArchive,
  limits: NovelArchiveLimits,
  deadline: Deadline,
): Promise<Set<string>> {
  const parts = new Set<string>();
  const bytes = await archive.read(ENCRYPTION);
  if (!bytes) return parts;
  parseXml(
    bytes,
    {
      open: (element) => {
        const uri = element.local === 'CipherReference' ? element.attribute('URI') : undefined;
        if (uri) parts.add(archivePath('', uri));
      },
      close: () => undefined,
      text: () => undefined,
    },
    { name: ENCRYPTION, deadline, maxDepth: limits.maxXmlDepth },
  );
  return parts;
}

function readContentDocument(
  reader: HtmlNovelTextReader,
  bytes: Buffer,
  path: string,
  limits: NovelArchiveLimits,
  deadline: Deadline,
): void {
  parseXml(
    bytes,
    {
      open: (element) => reader.open(element.local, (attribute) => element.attribute(attribute)),
      close: () => reader.close(),
      text: (text) => {
        reader.text(text);
        if (reader.size > limits.maxTextChars) {
          throw new NovelTextRejection('text_too_long', NOVEL_TEXT_MESSAGES.tooLong);
        }
      },
    },
    { name: path, deadline, maxDepth: limits.maxXmlDepth, entities: characterEntitiesHtml4 },
  );
}
