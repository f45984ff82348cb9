import { buildZip, type ZipEntrySpec } from './zip-builder.js';

/**
 * .docx and .epub files built in code for the importer tests: honest ones, and any part replaced
 * or added to make a hostile one. No binary fixtures.
 */
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const MC_NS = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

export const DOCX_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** A document.xml whose body is `body` (WordprocessingML paragraphs). */
export function wordDocument(
  body: string,
  prolog = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
): string {
  return `${prolog}
<w:document xmlns:w="${W_NS}" xmlns:mc="${MC_NS}"><w:body>${body}<w:sectPr/></w:body></w:document>`;
}

export function wordStyles(styles: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="${W_NS}">${styles}</w:styles>`;
}

export interface DocxParts {
  document: string | Buffer;
  styles?: string;
  rels?: string;
  extra?: ZipEntrySpec[];
}

export function buildDocx({ document, styles, rels = DOCX_RELS, extra = [] }: DocxParts): Buffer {
  const entries: ZipEntrySpec[] = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
    },
    { name: '_rels/.rels', data: Buffer.from(rels) },
    { name: 'word/document.xml', data: Buffer.from(document) },
  ];
  if (styles) entries.push({ name: 'word/styles.xml', data: Buffer.from(styles) });
  return buildZip([...entries, ...extra]);
}

export const EPUB_CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;

/** A package document listing `chapters` (hrefs relative to OEBPS/) in its spine, after a non-linear nav. */
export function epubPackage(chapters: string[]): string {
  const items = chapters
    .map((href, i) => `<item id="c${i}" href="${href}" media-type="application/xhtml+xml"/>`)
    .join('');
  const refs = chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>رواية</dc:title></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="css" href="style.css" media-type="text/css"/>${items}</manifest>
<spine><itemref idref="nav" linear="no"/>${refs}</spine></package>`;
}

/** An XHTML content document with `body` inside its body. */
export function xhtml(
  body: string,
  prolog = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>',
): string {
  return `${prolog}
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" dir="rtl" lang="ar"><head><title>الفصل</title><style>p{margin:0}</style></head><body>${body}</body></html>`;
}

export interface EpubParts {
  /** Content documents by name under OEBPS/, in spine order. */
  chapters: Record<string, string>;
  container?: string;
  packageDocument?: string;
  extra?: ZipEntrySpec[];
}

export function buildEpub({
  chapters,
  container = EPUB_CONTAINER,
  packageDocument,
  extra = [],
}: EpubParts): Buffer {
  return buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), method: 'store' },
    { name: 'META-INF/container.xml', data: Buffer.from(container) },
    { name: 'OEBPS/content.opf', data: Buffer.from(packageDocument ?? epubPackage(Object.keys(chapters))) },
    {
      name: 'OEBPS/nav.xhtml',
      data: Buffer.from(xhtml('<nav epub:type="toc"><ol><li>الفصل</li></ol></nav>')),
    },
    { name: 'OEBPS/style.css', data: Buffer.from('p { margin: 0 }') },
    ...Object.entries(chapters).map(([name, text]) => ({ name: `OEBPS/${name}`, data: Buffer.from(text) })),
    ...extra,
  ]);
}

/** The classic billion-laughs prolog: ten levels of ten references (10^9 "lol"s if expanded). */
export function billionLaughs(root: string): string {
  const levels = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++)
    levels.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>\n<!DOCTYPE ${root} [${levels.join('')}]>`;
}
