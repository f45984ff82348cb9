// One small serializer for every document the feeds module writes (RSS, Atom, OPDS, OpenSearch and
// the novel chapter's HTML): documents are built as element trees and every text and attribute value
// is escaped here, in one place, so no title, description or run of novel text can become markup.

export type XmlChild = XmlElement | string | null | undefined | false;

export interface XmlElement {
  name: string;
  attrs: Record<string, string | number | null | undefined>;
  /** `null`: an empty element written as `<name/>` (RSS/Atom links, `<hr/>`). */
  children: XmlChild[] | null;
}

/** `el('title', {}, 'text')`; children that are null, undefined or false are left out. */
export function el(name: string, attrs: XmlElement['attrs'] = {}, ...children: XmlChild[]): XmlElement {
  return { name, attrs, children };
}

/** An element with no content, written self-closed. */
export function empty(name: string, attrs: XmlElement['attrs'] = {}): XmlElement {
  return { name, attrs, children: null };
}

// XML 1.0 allows tab, LF, CR and the ranges below; anything else (NUL, other C0 controls, lone
// surrogates, U+FFFE/U+FFFF) makes a parser reject the whole document, so it is dropped.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeText(value: string): string {
  return value.replace(NOT_XML_CHAR, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(value: string): string {
  // Tabs and line breaks would be normalised to spaces by a parser: kept as references instead.
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

function write(node: XmlElement, out: string[]): void {
  if (!NAME.test(node.name)) throw new Error(`not an XML name: ${node.name}`);
  out.push('<', node.name);
  for (const [key, value] of Object.entries(node.attrs)) {
    if (value === null || value === undefined) continue;
    if (!NAME.test(key)) throw new Error(`not an XML name: ${key}`);
    out.push(' ', key, '="', escapeAttribute(String(value)), '"');
  }
  if (node.children === null) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of node.children) {
    if (child === null || child === undefined || child === false) continue;
    if (typeof child === 'string') out.push(escapeText(child));
    else write(child, out);
  }
  out.push('</', node.name, '>');
}

/** The element as markup, without a declaration. */
export function renderElement(root: XmlElement): string {
  const out: string[] = [];
  write(root, out);
  return out.join('');
}

/** A whole XML document in UTF-8. */
export function renderXmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderElement(root)}\n`;
}
