import { NovelTextBuilder } from './novel-text.builder.js';
import { HtmlNovelTextReader } from './novel-text.html.js';
import type { NovelText } from './novel-text.schemas.js';

/** A tiny element tree, fed to the reader as a parser would: open, children, close. */
type Tree = string | [name: string, attributes: Record<string, string>, ...children: Tree[]];

function read(...trees: Tree[]): NovelText['blocks'] {
  const reader = new HtmlNovelTextReader();
  const feed = (tree: Tree): void => {
    if (typeof tree === 'string') return reader.text(tree);
    const [name, attributes, ...children] = tree;
    reader.open(name, (attribute) => attributes[attribute]);
    children.forEach(feed);
    reader.close();
  };
  trees.forEach(feed);
  return reader.finish().blocks;
}

describe('NovelTextBuilder', () => {
  it('merges runs of the same marks, drops empty paragraphs, classifies dialogue and scene breaks', () => {
    const builder = new NovelTextBuilder();
    builder.text('كان ');
    builder.text('الليل', { emphasis: true, strong: false });
    builder.text(' طويلًا');
    builder.text(' جدًا');
    builder.endParagraph();
    builder.text(' \u200b ');
    builder.endParagraph();
    builder.text('* * *');
    builder.endParagraph();
    builder.text('«من هناك؟»');
    expect(builder.finish().blocks).toEqual([
      {
        type: 'paragraph',
        runs: [{ text: 'كان ' }, { text: 'الليل', emphasis: true }, { text: ' طويلًا جدًا' }],
      },
      { type: 'scene-break' },
      { type: 'dialogue', runs: [{ text: '«من هناك؟»' }] },
    ]);
  });
});

describe('HtmlNovelTextReader', () => {
  it('keeps paragraphs, emphasis, strong and scene breaks', () => {
    expect(
      read(
        ['p', {}, 'كان ', ['em', {}, 'الليل'], ' ', ['strong', {}, ['i', {}, 'طويلًا']]],
        ['hr', {}],
        ['p', {}, '«من\n   هناك؟»'],
      ),
    ).toEqual([
      {
        type: 'paragraph',
        runs: [
          { text: 'كان ' },
          { text: 'الليل', emphasis: true },
          { text: ' ' },
          { text: 'طويلًا', emphasis: true, strong: true },
        ],
      },
      { type: 'scene-break' },
      { type: 'dialogue', runs: [{ text: '«من هناك؟»' }] },
    ]);
  });

  it('drops scripts, styles, media, forms, hidden and deleted text with everything inside them', () => {
    expect(
      read(
        ['head', {}, ['title', {}, 'عنوان'], ['style', {}, 'p{color:red}']],
        [
          'p',
          {},
          'نص',
          ['script', {}, 'alert(1)'],
          ['img', { src: 'x', onerror: 'alert(1)' }],
          ['span', { style: 'display:none' }, 'مخفي'],
          ['span', { hidden: '' }, 'مخفي'],
          ['del', {}, 'محذوف'],
          ['svg', {}, ['text', {}, 'رسم']],
          ' باقٍ',
        ],
      ),
    ).toEqual([{ type: 'paragraph', runs: [{ text: 'نص باقٍ' }] }]);
  });

  it('keeps the text of links and unknown elements, without the link', () => {
    expect(read(['p', {}, ['a', { href: 'javascript:alert(1)' }, 'رابط'], ['o:p', {}, ' نص']])).toEqual([
      { type: 'paragraph', runs: [{ text: 'رابط نص' }] },
    ]);
  });

  it('reads marks from styles, including Word’s right-to-left ones and Google Docs’ normal-weight wrapper', () => {
    expect(
      read([
        'b',
        { style: 'font-weight:normal', id: 'docs-internal-guid-1' },
        [
          'p',
          {},
          ['span', { style: 'font-weight: 700' }, 'عريض'],
          ' ',
          ['span', { style: 'font-style:italic' }, 'مائل'],
        ],
        ['p', {}, ['span', { style: "mso-bidi-font-weight:bold;font-family:'Arial'" }, 'عريض']],
        ['p', {}, ['i', { style: 'font-style: normal !important' }, 'عادي']],
      ]),
    ).toEqual([
      {
        type: 'paragraph',
        runs: [{ text: 'عريض', strong: true }, { text: ' ' }, { text: 'مائل', emphasis: true }],
      },
      { type: 'paragraph', runs: [{ text: 'عريض', strong: true }] },
      { type: 'paragraph', runs: [{ text: 'عادي' }] },
    ]);
  });

  it('splits paragraphs at line breaks and at the lines of pre', () => {
    expect(read(['p', {}, 'سطر', ['br', {}], 'سطر'], ['pre', {}, 'أ\nب'])).toEqual([
      { type: 'paragraph', runs: [{ text: 'سطر' }] },
      { type: 'paragraph', runs: [{ text: 'سطر' }] },
      { type: 'paragraph', runs: [{ text: 'أ' }] },
      { type: 'paragraph', runs: [{ text: 'ب' }] },
    ]);
  });

  it('skips EPUB footnotes, note references and page-break markers', () => {
    expect(
      read(
        [
          'p',
          {},
          'نص',
          ['a', { 'epub:type': 'noteref', href: '#n1' }, '1'],
          ['span', { 'epub:type': 'pagebreak', title: '5' }],
        ],
        ['aside', { 'epub:type': 'footnote' }, ['p', {}, 'حاشية']],
      ),
    ).toEqual([{ type: 'paragraph', runs: [{ text: 'نص' }] }]);
  });
});
