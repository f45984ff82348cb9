import { NovelTextBuilder, type NovelBlock, type NovelRun, type NovelText } from '@warraq/contracts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function runHtml(run: NovelRun): string {
  let html = escapeHtml(run.text);
  if (run.emphasis) html = `<em>${html}</em>`;
  if (run.strong) html = `<strong>${html}</strong>`;
  return html;
}

function blockHtml(block: NovelBlock): string {
  if (block.type === 'scene-break') return '<hr>';
  return `<p dir="auto">${block.runs.map(runHtml).join('')}</p>`;
}

/**
 * The editor's markup for a structure (an imported file, a paste, a restored draft): only `p`,
 * `em`, `strong` and `hr`, built here with every character of the text escaped, so text that
 * looks like markup stays text. The editor reads its markup back with the paste reader.
 */
export function novelTextToEditorHtml(text: NovelText): string {
  return text.blocks.map(blockHtml).join('');
}

/**
 * Plain text (a paste with no HTML, a .txt dropped as text) as the structure: a blank line or a
 * line break ends a paragraph, as word processors copy them.
 */
export function novelTextFromPlainText(plain: string): NovelText {
  const builder = new NovelTextBuilder();
  for (const line of plain.replace(/\r\n?/g, '\n').split('\n')) {
    builder.text(line);
    builder.endParagraph();
  }
  return builder.finish();
}
