import { describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { novelTextFromDom, novelTextFromPastedHtml } from './pasted-html';

const { window } = new JSDOM('');
const blocks = (html: string) => novelTextFromPastedHtml(html, new window.DOMParser()).blocks;

describe('novelTextFromPastedHtml', () => {
  it('reads a paste from Word: paragraphs, bold and italic of right-to-left text, scene breaks', () => {
    const html = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style>
      <!--[if gte mso 9]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]--></head>
      <body lang=AR-SA><!--StartFragment-->
      <p class=MsoNormal dir=RTL style='text-align:right;direction:rtl'><span lang=AR-SA style='font-family:"Traditional Arabic"'>كان الليل </span><b><span lang=AR-SA>طويلًا</span></b><span lang=AR-SA> و</span><i style='mso-bidi-font-style:normal'><span lang=AR-SA>باردًا</span></i><o:p></o:p></p>
      <p class=MsoNormal>&nbsp;<o:p></o:p></p>
      <p class=MsoNormal align=center style='text-align:center'><span lang=AR-SA>* * *<o:p></o:p></span></p>
      <p class=MsoListParagraph><![if !supportLists]><span>-<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]><span lang=AR-SA>من هناك؟</span></p>
      <p class=MsoNormal><span lang=AR-SA style='mso-bidi-font-weight:bold'>عريض</span></p>
      <!--EndFragment--></body></html>`;
    expect(blocks(html)).toEqual([
      {
        type: 'paragraph',
        runs: [{ text: 'كان الليل ' }, { text: 'طويلًا', strong: true }, { text: ' وباردًا' }],
      },
      { type: 'scene-break' },
      { type: 'dialogue', runs: [{ text: '-\u00a0\u00a0 من هناك؟' }] },
      { type: 'paragraph', runs: [{ text: 'عريض', strong: true }] },
    ]);
  });

  it('reads a paste from Google Docs: its normal-weight wrapper is not bold', () => {
    const html =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="rtl"><span style="font-weight:400;">نص </span><span style="font-weight:700;">عريض</span><span style="font-style:italic;"> مائل</span></p><br><p dir="rtl"><span>«سطر»</span></p></b>';
    expect(blocks(html)).toEqual([
      {
        type: 'paragraph',
        runs: [{ text: 'نص ' }, { text: 'عريض', strong: true }, { text: ' مائل', emphasis: true }],
      },
      { type: 'dialogue', runs: [{ text: '«سطر»' }] },
    ]);
  });

  it('drops scripts, styles, images, links and attributes, keeping their visible text only', () => {
    const html =
      '<p onclick="alert(1)">نص<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)"> رابط</a><iframe src="https://example.com"></iframe></p><hr><p>&lt;b&gt;ليس عريضًا&lt;/b&gt;</p>';
    expect(blocks(html)).toEqual([
      { type: 'paragraph', runs: [{ text: 'نص رابط' }] },
      { type: 'scene-break' },
      { type: 'paragraph', runs: [{ text: '<b>ليس عريضًا</b>' }] },
    ]);
  });

  it('splits paragraphs at line breaks and returns nothing for an empty paste', () => {
    expect(blocks('سطر<br>سطر آخر')).toEqual([
      { type: 'paragraph', runs: [{ text: 'سطر' }] },
      { type: 'paragraph', runs: [{ text: 'سطر آخر' }] },
    ]);
    expect(blocks('<p> </p><p><br></p>')).toEqual([]);
  });

  it('walks a pathologically deep paste without overflowing the stack', () => {
    // A plain chain of element-like nodes: jsdom itself takes quadratic time to build one this deep.
    const element = (localName: string, child: object) => ({
      nodeType: 1,
      localName,
      childNodes: [child],
      getAttribute: () => null,
    });
    let node: object = { nodeType: 3, nodeValue: 'عميق', childNodes: [] };
    for (let i = 0; i < 100_000; i++) node = element(i % 2 ? 'em' : 'span', node);
    expect(novelTextFromDom(element('p', node) as unknown as Node).blocks).toEqual([
      { type: 'paragraph', runs: [{ text: 'عميق', emphasis: true }] },
    ]);
  });
});
