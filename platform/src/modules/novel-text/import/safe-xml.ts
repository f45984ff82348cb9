import { NOVEL_IMPORT_MESSAGES as M } from '@warraq/contracts';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { displayName } from '../../ingest/processing/entry-names';
import { NovelTextRejection } from '../novel-text.rejection';
import type { Deadline } from './deadline';

export interface XmlElement {
  /** Local name (`p` of `w:p`). */
  local: string;
  /** Namespace URI ('' when none). */
  uri: string;
  /** An attribute's value by qualified name as written (`w:val`, `epub:type`, `href`). */
  attribute(name: string): string | undefined;
  /** An attribute's value by local name, whatever its prefix. */
  attributeLocal(local: string): string | undefined;
}

export interface XmlHandlers {
  open(element: XmlElement): void;
  close(element: XmlElement): void;
  text(text: string): void;
}

export interface SafeXmlOptions {
  /** The part's name, for messages. */
  name: string;
  deadline: Deadline;
  maxDepth: number;
  /** Named entities allowed besides XML's five (the HTML 4 set for XHTML), never expanded further. */
  entities?: Record<string, string>;
}

const CHUNK = 64 * 1024;

/**
 * Parses one XML part with saxes, a strict, non-validating parser that reads no DTD and fetches
 * nothing. What could still hurt is refused before it is parsed or as it appears:
 * - a DOCTYPE with an internal subset (where entities are declared: billion laughs, external
 *   entities such as `SYSTEM "file:///etc/passwd"`) is refused; so is any entity reference the
 *   parser does not know, since it could only come from a DTD;
 * - nesting deeper than `maxDepth`, and time past the deadline (checked between 64 KB chunks).
 */
export function parseXml(bytes: Buffer, handlers: XmlHandlers, options: SafeXmlOptions): void {
  const { name, deadline, maxDepth } = options;
  const shown = displayName(name);
  const refuseEntities = () => new NovelTextRejection('xml_entities', M.xmlEntities(shown), shown);
  const refuseMalformed = () => new NovelTextRejection('xml_malformed', M.xmlMalformed(shown), shown);
  const text = decodeXml(bytes, refuseMalformed);
  if (/<!ENTITY/i.test(text)) throw refuseEntities();

  const parser = new SaxesParser({ xmlns: true, position: false });
  if (options.entities) Object.assign(parser.ENTITIES, options.entities);
  let failure: NovelTextRejection | null = null;
  const stack: XmlElement[] = [];
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) failure ??= refuseEntities();
  });
  parser.on('error', (error) => {
    failure ??= /entity/i.test(error.message) ? refuseEntities() : refuseMalformed();
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (failure) return;
    if (stack.length >= maxDepth) {
      failure = refuseMalformed();
      return;
    }
    const element = toElement(tag);
    stack.push(element);
    handlers.open(element);
  });
  parser.on('closetag', () => {
    if (failure) return;
    const element = stack.pop();
    if (element) handlers.close(element);
  });
  parser.on('text', (value) => {
    if (!failure) handlers.text(value);
  });
  parser.on('cdata', (value) => {
    if (!failure) handlers.text(value);
  });

  for (let at = 0; at < text.length; at += CHUNK) {
    deadline.check();
    parser.write(text.slice(at, at + CHUNK));
    if (failure) throw failure;
  }
  parser.close();
  if (failure) throw failure;
}

function toElement(tag: SaxesTagNS): XmlElement {
  const attributes = tag.attributes;
  return {
    local: tag.local,
    uri: tag.uri,
    attribute: (qualified) => attributes[qualified]?.value,
    attributeLocal: (local) =>
      Object.values(attributes).find((attribute) => attribute.local === local)?.value,
  };
}

/** XML text from its bytes: UTF-16 by its byte-order mark, else the declared encoding, else UTF-8. */
function decodeXml(bytes: Buffer, malformed: () => NovelTextRejection): string {
  let encoding = 'utf-8';
  let body = bytes;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) body = bytes.subarray(3);
    const declared = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
      body.subarray(0, 200).toString('latin1'),
    )?.[1];
    if (declared) encoding = declared.toLowerCase();
  }
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(
      encoding.startsWith('utf-16') ? bytes : body,
    );
    return text.replace(/^\uFEFF/, '');
  } catch {
    throw malformed();
  }
}
