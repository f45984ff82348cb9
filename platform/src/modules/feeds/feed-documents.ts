import type { NovelDocument, NovelRun } from '@warraq/contracts';
import { el, empty, renderElement, renderXmlDocument, type XmlChild, type XmlElement } from './xml';

const ATOM_NS = 'http://www.w3.org/2005/Atom';
const OPDS_NS = 'http://opds-spec.org/2010/catalog';
const PSE_NS = 'http://vaemendis.net/opds-pse/ns';
const DC_NS = 'http://purl.org/dc/terms/';
const OPENSEARCH_NS = 'http://a9.com/-/spec/opensearch/1.1/';

export const SITE_NAME = 'ورّاق';

/** One entry of a chapter feed (RSS item, Atom entry). */
export interface FeedItem {
  /** Stable across renames: `tag:` URI of the chapter variant. */
  id: string;
  title: string;
  url: string;
  published: Date;
  summary: string;
}

export interface Feed {
  id: string;
  title: string;
  description: string;
  /** The HTML page the feed is about. */
  pageUrl: string;
  /** The feed's own URL. */
  selfUrl: string;
  updated: Date;
  items: FeedItem[];
}

/** RSS 2.0, with an `atom:link rel="self"` as feed validators ask. */
export function renderRss(feed: Feed): string {
  return renderXmlDocument(
    el(
      'rss',
      { version: '2.0', 'xmlns:atom': ATOM_NS },
      el(
        'channel',
        {},
        el('title', {}, feed.title),
        el('link', {}, feed.pageUrl),
        el('description', {}, feed.description),
        el('language', {}, 'ar'),
        el('lastBuildDate', {}, feed.updated.toUTCString()),
        empty('atom:link', { href: feed.selfUrl, rel: 'self', type: 'application/rss+xml' }),
        ...feed.items.map((item) =>
          el(
            'item',
            {},
            el('title', {}, item.title),
            el('link', {}, item.url),
            el('guid', { isPermaLink: 'false' }, item.id),
            el('pubDate', {}, item.published.toUTCString()),
            el('description', {}, item.summary),
          ),
        ),
      ),
    ),
  );
}

/** Atom 1.0 (RFC 4287). */
export function renderAtom(feed: Feed): string {
  return renderXmlDocument(
    el(
      'feed',
      { xmlns: ATOM_NS, 'xml:lang': 'ar' },
      el('id', {}, feed.id),
      el('title', {}, feed.title),
      el('subtitle', {}, feed.description),
      el('updated', {}, feed.updated.toISOString()),
      el('author', {}, el('name', {}, SITE_NAME)),
      empty('link', { rel: 'self', type: 'application/atom+xml', href: feed.selfUrl }),
      empty('link', { rel: 'alternate', type: 'text/html', href: feed.pageUrl }),
      ...feed.items.map((item) =>
        el(
          'entry',
          {},
          el('id', {}, item.id),
          el('title', {}, item.title),
          el('updated', {}, item.published.toISOString()),
          el('published', {}, item.published.toISOString()),
          empty('link', { rel: 'alternate', type: 'text/html', href: item.url }),
          el('summary', {}, item.summary),
        ),
      ),
    ),
  );
}

// ---- OPDS 1.2 -------------------------------------------------------------------------------

export const OPDS_TYPES = {
  navigation: 'application/atom+xml;profile=opds-catalog;kind=navigation',
  acquisition: 'application/atom+xml;profile=opds-catalog;kind=acquisition',
} as const;

export interface OpdsLink {
  rel: string;
  href: string;
  type: string;
  title?: string;
  /** PSE: the number of pages behind a `{pageNumber}` template link. */
  pseCount?: number;
}

export interface OpdsEntry {
  id: string;
  title: string;
  updated: Date;
  summary?: string;
  author?: string | null;
  /** dc:language of a chapter variant. */
  language?: string;
  links: OpdsLink[];
}

export interface OpdsFeed {
  id: string;
  title: string;
  updated: Date;
  kind: keyof typeof OPDS_TYPES;
  selfUrl: string;
  startUrl: string;
  searchUrl: string;
  nextUrl?: string | null;
  entries: OpdsEntry[];
}

function opdsLink(link: OpdsLink): XmlElement {
  return empty('link', {
    rel: link.rel,
    href: link.href,
    type: link.type,
    title: link.title,
    'pse:count': link.pseCount,
  });
}

export function renderOpds(feed: OpdsFeed): string {
  const type = OPDS_TYPES[feed.kind];
  const entries: XmlChild[] = feed.entries.map((entry) =>
    el(
      'entry',
      {},
      el('title', {}, entry.title),
      el('id', {}, entry.id),
      el('updated', {}, entry.updated.toISOString()),
      entry.author ? el('author', {}, el('name', {}, entry.author)) : null,
      entry.language ? el('dc:language', {}, entry.language.toLowerCase()) : null,
      entry.summary ? el('content', { type: 'text' }, entry.summary) : null,
      ...entry.links.map(opdsLink),
    ),
  );
  return renderXmlDocument(
    el(
      'feed',
      { xmlns: ATOM_NS, 'xmlns:opds': OPDS_NS, 'xmlns:pse': PSE_NS, 'xmlns:dc': DC_NS, 'xml:lang': 'ar' },
      el('id', {}, feed.id),
      el('title', {}, feed.title),
      el('updated', {}, feed.updated.toISOString()),
      el('author', {}, el('name', {}, SITE_NAME)),
      opdsLink({ rel: 'self', href: feed.selfUrl, type }),
      opdsLink({ rel: 'start', href: feed.startUrl, type: OPDS_TYPES.navigation }),
      opdsLink({ rel: 'search', href: feed.searchUrl, type: 'application/opensearchdescription+xml' }),
      feed.nextUrl ? opdsLink({ rel: 'next', href: feed.nextUrl, type }) : null,
      ...entries,
    ),
  );
}

/** OpenSearch 1.1 description: reader apps fill `{searchTerms}` into the template. */
export function renderOpenSearch(template: string): string {
  return renderXmlDocument(
    el(
      'OpenSearchDescription',
      { xmlns: OPENSEARCH_NS },
      el('ShortName', {}, SITE_NAME),
      el('Description', {}, 'البحث في أعمال ورّاق'),
      el('InputEncoding', {}, 'UTF-8'),
      el('OutputEncoding', {}, 'UTF-8'),
      empty('Url', { type: OPDS_TYPES.navigation, template }),
    ),
  );
}

// ---- A novel chapter as HTML ------------------------------------------------------------------

function run(r: NovelRun): XmlChild {
  let node: XmlChild = r.text;
  if (r.emphasis) node = el('em', {}, node);
  if (r.strong) node = el('strong', {}, node);
  return node;
}

/**
 * A stored novel chapter as a standalone, right-to-left HTML document. The structure has no markup,
 * so every run is text, escaped like any other; the only elements are the ones written here.
 */
export function renderNovelHtml(chapter: {
  title: string;
  seriesTitle: string;
  text: NovelDocument;
}): string {
  const body = chapter.text.blocks.map((block) =>
    block.type === 'scene-break'
      ? empty('hr')
      : el('p', block.type === 'dialogue' ? { class: 'dialogue' } : {}, ...block.runs.map(run)),
  );
  const html = el(
    'html',
    { lang: 'ar', dir: 'rtl' },
    el(
      'head',
      {},
      empty('meta', { charset: 'utf-8' }),
      empty('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      el('title', {}, `${chapter.seriesTitle} — ${chapter.title}`),
      el('style', {}, 'body{max-width:40em;margin:auto;padding:1em;line-height:1.9}hr{margin:2em 20%}'),
    ),
    el('body', {}, el('h1', {}, chapter.seriesTitle), el('h2', {}, chapter.title), ...body),
  );
  return `<!DOCTYPE html>\n${renderElement(html)}\n`;
}
