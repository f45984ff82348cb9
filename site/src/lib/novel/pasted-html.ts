import { HtmlNovelTextReader, type NovelText } from '@warraq/contracts';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/**
 * A pasted document (what a word processor puts on the clipboard as HTML) read into the chapter's
 * structure: paragraphs, emphasis, strong and scene breaks kept, everything else (styles, classes,
 * links, images, scripts, Word's conditional comments and `o:p` elements) dropped. The walk is a
 * loop, not recursion, so a pathologically nested paste cannot overflow the stack. The server
 * normalises and checks the result again; this only decides what the editor shows.
 */
export function novelTextFromDom(root: Node): NovelText {
  const reader = new HtmlNovelTextReader();
  const stack: { node: Node; next: number }[] = [{ node: root, next: 0 }];
  open(reader, root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const child = frame.node.childNodes[frame.next];
    if (!child) {
      stack.pop();
      if (frame.node.nodeType === ELEMENT_NODE) reader.close();
      continue;
    }
    frame.next++;
    if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) {
      reader.text(child.nodeValue ?? '');
    } else if (child.nodeType === ELEMENT_NODE) {
      open(reader, child);
      stack.push({ node: child, next: 0 });
    }
  }
  return reader.finish();
}

function open(reader: HtmlNovelTextReader, node: Node): void {
  if (node.nodeType !== ELEMENT_NODE) return;
  const element = node as Element;
  reader.open(element.localName, (name) => element.getAttribute(name));
}

/**
 * The clipboard's `text/html` as the structure. `DOMParser` builds an inert document: its scripts
 * never run and its images never load.
 */
export function novelTextFromPastedHtml(html: string, parser: DOMParser = new DOMParser()): NovelText {
  return novelTextFromDom(parser.parseFromString(html, 'text/html').body);
}
