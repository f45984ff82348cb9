import { NovelTextBuilder, PLAIN, type RunMarks } from './novel-text.builder.js';
import type { NovelText } from './novel-text.schemas.js';

/**
 * Reads (X)HTML into the text structure, keeping paragraphs, emphasis and scene breaks and dropping
 * everything else. It is fed events (`open`, `text`, `close`) so the same reading serves a browser's
 * DOM (paste from a word processor) and a streaming XML parser (the XHTML of an EPUB): no markup,
 * attribute, link or style survives, only text and the two marks.
 */

/** Elements dropped with everything inside them: code, media, forms, metadata, hidden or deleted text. */
const SKIPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
  'map',
  'area',
  'form',
  'input',
  'select',
  'option',
  'optgroup',
  'textarea',
  'button',
  'datalist',
  'nav',
  'rt',
  'rp',
  'del',
]);

/** Elements that stand as blocks: each starts and ends a paragraph. */
const BLOCKS = new Set([
  'html',
  'body',
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'legend',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

const EMPHASIS = new Set(['em', 'i', 'cite', 'dfn', 'var']);
const STRONG = new Set(['strong', 'b']);

/** EPUB semantics of things that are not the story's text: notes and printed-page markers. */
const SKIPPED_EPUB_TYPES = new Set([
  'footnote',
  'endnote',
  'rearnote',
  'note',
  'noteref',
  'pagebreak',
  'toc',
]);

type Role = 'block' | 'inline' | 'line-break' | 'scene-break' | 'skip';

interface Frame {
  role: Role;
  marks: RunMarks;
  skipping: boolean;
  /** Inside `pre`: its line breaks are paragraph breaks. */
  preformatted: boolean;
}

/** `prop: value; …` of a style attribute, lower-cased, `!important` dropped. */
function styleDeclarations(style: string | null | undefined): Map<string, string> {
  const declarations = new Map<string, string>();
  if (!style) return declarations;
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important/i, '')
      .trim()
      .toLowerCase();
    if (property) declarations.set(property, value);
  }
  return declarations;
}

/** A style's say on a mark: true, false (explicitly normal, as Google Docs wraps a paste in `<b style="font-weight:normal">`), or nothing. */
function styleMarks(declarations: Map<string, string>): { emphasis?: boolean; strong?: boolean } {
  const marks: { emphasis?: boolean; strong?: boolean } = {};
  // Word writes the weight and slant of right-to-left text in its own mso-bidi-* properties.
  const style = declarations.get('font-style') ?? declarations.get('mso-bidi-font-style');
  if (style !== undefined) marks.emphasis = style === 'italic' || style === 'oblique';
  const weight = declarations.get('font-weight') ?? declarations.get('mso-bidi-font-weight');
  if (weight !== undefined) {
    const numeric = Number(weight);
    marks.strong = weight === 'bold' || weight === 'bolder' || (Number.isFinite(numeric) && numeric >= 600);
  }
  return marks;
}

function isHidden(attribute: (name: string) => string | null | undefined, declarations: Map<string, string>) {
  if (attribute('hidden') != null) return true;
  if (declarations.get('display') === 'none' || declarations.get('visibility') === 'hidden') return true;
  if (declarations.get('mso-hide') === 'all') return true;
  const epubType = attribute('epub:type');
  return !!epubType && epubType.split(/\s+/).some((type) => SKIPPED_EPUB_TYPES.has(type));
}

export class HtmlNovelTextReader {
  private readonly stack: Frame[] = [{ role: 'block', marks: PLAIN, skipping: false, preformatted: false }];

  constructor(private readonly builder = new NovelTextBuilder()) {}

  /** Characters of text taken in so far. */
  get size(): number {
    return this.builder.size;
  }

  /** Element depth so far (for callers that bound it). */
  get depth(): number {
    return this.stack.length - 1;
  }

  /** An element opens: `name` is its local name, `attribute` reads one of its attributes by name. */
  open(name: string, attribute: (name: string) => string | null | undefined): void {
    const parent = this.top();
    if (parent.skipping) {
      this.stack.push({ ...parent, role: 'skip' });
      return;
    }
    const tag = name.toLowerCase();
    const declarations = styleDeclarations(attribute('style'));
    if (SKIPPED.has(tag) || isHidden(attribute, declarations)) {
      this.stack.push({ ...parent, role: 'skip', skipping: true });
      return;
    }
    const role: Role = BLOCKS.has(tag)
      ? 'block'
      : tag === 'br'
        ? 'line-break'
        : tag === 'hr'
          ? 'scene-break'
          : 'inline';
    if (role === 'block' || role === 'line-break') this.builder.endParagraph();
    if (role === 'scene-break') this.builder.sceneBreak();
    const fromStyle = styleMarks(declarations);
    const marks: RunMarks = {
      emphasis: fromStyle.emphasis ?? (EMPHASIS.has(tag) || parent.marks.emphasis),
      strong: fromStyle.strong ?? (STRONG.has(tag) || parent.marks.strong),
    };
    this.stack.push({ role, marks, skipping: false, preformatted: parent.preformatted || tag === 'pre' });
  }

  close(): void {
    if (this.stack.length === 1) return;
    const frame = this.stack.pop();
    if (frame?.role === 'block' && !frame.skipping) this.builder.endParagraph();
  }

  text(text: string): void {
    const frame = this.top();
    if (frame.skipping) return;
    if (!frame.preformatted) {
      this.builder.text(text.replace(/[\t\n\f\r ]+/g, ' '), frame.marks);
      return;
    }
    const lines = text.split(/\r\n?|\n/);
    for (const [index, line] of lines.entries()) {
      if (index > 0) this.builder.endParagraph();
      this.builder.text(line, frame.marks);
    }
  }

  finish(): NovelText {
    return this.builder.finish();
  }

  private top(): Frame {
    return (
      this.stack[this.stack.length - 1] ?? {
        role: 'block',
        marks: PLAIN,
        skipping: false,
        preformatted: false,
      }
    );
  }
}
