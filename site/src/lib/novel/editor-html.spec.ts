import { describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { novelTextFromPastedHtml } from './pasted-html';
import { novelTextFromPlainText, novelTextToEditorHtml } from './editor-html';

const { window } = new JSDOM('');

describe('the editor markup of a chapter', () => {
  it('escapes text that looks like markup and reads back to the same structure', () => {
    const text = {
      version: 1 as const,
      blocks: [
        {
          type: 'paragraph' as const,
          runs: [{ text: '<script>alert(1)</script> ' }, { text: 'مائل', emphasis: true }],
        },
        { type: 'scene-break' as const },
        { type: 'dialogue' as const, runs: [{ text: '«من؟» ' }, { text: 'قال', strong: true }] },
      ],
    };
    const html = novelTextToEditorHtml(text);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(novelTextFromPastedHtml(html, new window.DOMParser())).toEqual(text);
  });

  it('reads plain text a line a paragraph, with scene-break lines and dialogue', () => {
    expect(novelTextFromPlainText('السطر الأول\r\n\r\n* * *\n«حوار»').blocks).toEqual([
      { type: 'paragraph', runs: [{ text: 'السطر الأول' }] },
      { type: 'scene-break' },
      { type: 'dialogue', runs: [{ text: '«حوار»' }] },
    ]);
  });
});
