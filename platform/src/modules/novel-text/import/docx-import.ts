import {
  NOVEL_IMPORT_MESSAGES as M,
  NOVEL_TEXT_MESSAGES,
  NovelTextBuilder,
  type NovelText,
  type RunMarks,
} from '@warraq/contracts';
import { displayName } from '../../ingest/processing/entry-names';
import type { NovelArchiveLimits } from '../novel-import.limits';
import { NovelTextRejection } from '../novel-text.rejection';
import { archivePath } from './archive-paths';
import { ChapterArchive } from './chapter-archive';
import type { Deadline } from './deadline';
import { parseXml, type XmlElement } from './safe-xml';

/** WordprocessingML, as Word and LibreOffice write it (transitional) and in its strict form. */
const W = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const OFFICE_DOCUMENT = /\/officeDocument$/;

/** Word elements whose content is not the story: deleted text, field codes, drawings, text boxes. */
const SKIPPED = new Set([
  'del',
  'delText',
  'instrText',
  'drawing',
  'pict',
  'object',
  'txbxContent',
  'footnoteReference',
]);

type MarkSetting = Partial<RunMarks>;

/**
 * Reads a .docx: its main document part (found through the package relationships), paragraph by
 * paragraph. Bold and italic come from the run's own formatting, else its character style, else
 * its paragraph style (styles resolved through `basedOn`); Word sets the complex-script forms
 * (`w:bCs`, `w:iCs`) for Arabic, so either form counts. A line break inside a paragraph starts a
 * new one; tabs are spaces; hidden text, deletions, field codes, drawings, text boxes and the
 * fallback copies of alternate content are skipped. Lines of `* * *` become scene breaks and
 * dialogue is recognised as in every importer.
 */
export async function importDocx(
  bytes: Buffer,
  name: string,
  limits: NovelArchiveLimits,
  deadline: Deadline,
): Promise<NovelText> {
  const archive = await ChapterArchive.open(bytes, limits, deadline);
  try {
    const notADocx = () =>
      new NovelTextRejection('not_a_docx', M.notADocx(displayName(name)), displayName(name));
    const documentPath = (await mainDocumentPath(archive, limits, deadline)) ?? 'word/document.xml';
    const document = await archive.read(documentPath);
    if (!document) throw notADocx();
    const stylesPath = documentPath.replace(/[^/]*$/, 'styles.xml');
    const styles = await readStyles(await archive.read(stylesPath), stylesPath, limits, deadline);
    return readDocument(document, documentPath, styles, limits, deadline);
  } finally {
    archive.close();
  }
}

/** The main part named by `_rels/.rels`, resolved safely inside the package. */
async function mainDocumentPath(
  archive: ChapterArchive,
  limits: NovelArchiveLimits,
  deadline: Deadline,
): Promise<string | null> {
  const rels = await archive.read('_rels/.rels');
  if (!rels) return null;
  let target: string | null = null;
  parseXml(
    rels,
    {
      open: (element) => {
        if (
          target === null &&
          element.local === 'Relationship' &&
          OFFICE_DOCUMENT.test(element.attribute('Type') ?? '')
        ) {
          target = element.attribute('Target') ?? null;
        }
      },
      close: () => undefined,
      text: () => undefined,
    },
    { name: '_rels/.rels', deadline, maxDepth: limits.maxXmlDepth },
  );
  return target === null ? null : archivePath('', target);
}

interface StyleMarks {
  basedOn?: string;
  marks: MarkSetting;
}

async function readStyles(
  bytes: Buffer | null,
  name: string,
  limits: NovelArchiveLimits,
  deadline: Deadline,
): Promise<Map<string, MarkSetting>> {
  const styles = new Map<string, StyleMarks>();
  if (!bytes) return new Map();
  let current: StyleMarks | null = null;
  let inRunProperties = false;
  parseXml(
    bytes,
    {
      open: (element) => {
        if (!W.has(element.uri)) return;
        if (element.local === 'style') {
          current = { marks: {} };
          const id = element.attribute('w:styleId');
          if (id) styles.set(id, current);
        } else if (current && element.local === 'basedOn') {
          current.basedOn = element.attribute('w:val');
        } else if (current && element.local === 'rPr') {
          inRunProperties = true;
        } else if (current && inRunProperties) {
          applyMarkProperty(current.marks, element);
        }
      },
      close: (element) => {
        if (!W.has(element.uri)) return;
        if (element.local === 'style') current = null;
        if (element.local === 'rPr') inRunProperties = false;
      },
      text: () => undefined,
    },
    { name, deadline, maxDepth: limits.maxXmlDepth },
  );
  const resolved = new Map<string, MarkSetting>();
  for (const id of styles.keys()) {
    const marks: MarkSetting = {};
    const seen = new Set<string>();
    for (let style = styles.get(id); style && !seen.has(id);) {
      marks.emphasis ??= style.marks.emphasis;
      marks.strong ??= style.marks.strong;
      if (!style.basedOn || seen.has(style.basedOn)) break;
      seen.add(style.basedOn);
      style = styles.get(style.basedOn);
    }
    resolved.set(id, marks);
  }
  return resolved;
}

/** `w:b`, `w:bCs`, `w:i`, `w:iCs` with their on/off value (no value, "1", "true", "on" are on). */
function applyMarkProperty(marks: MarkSetting, element: XmlElement): void {
  const value = element.attribute('w:val');
  const on = value === undefined || !['0', 'false', 'off', 'none'].includes(value.toLowerCase());
  if (element.local === 'b' || element.local === 'bCs') marks.strong = marks.strong || on;
  if (element.local === 'i' || element.local === 'iCs') marks.emphasis = marks.emphasis || on;
}

function readDocument(
  bytes: Buffer,
  name: string,
  styles: Map<string, MarkSetting>,
  limits: NovelArchiveLimits,
  deadline: Deadline,
): NovelText {
  const builder = new NovelTextBuilder();
  const tooLong = () => new NovelTextRejection('text_too_long', NOVEL_TEXT_MESSAGES.tooLong);
  let skipDepth = 0;
  let paragraphStyle: MarkSetting = {};
  let run: { direct: MarkSetting; style: MarkSetting; hidden: boolean } | null = null;
  let inRunProperties = false;
  let inText = false;
  const marks = (): RunMarks => ({
    emphasis: run?.direct.emphasis ?? run?.style.emphasis ?? paragraphStyle.emphasis ?? false,
    strong: run?.direct.strong ?? run?.style.strong ?? paragraphStyle.strong ?? false,
  });
  const add = (text: string) => {
    if (run?.hidden) return;
    builder.text(text, marks());
    if (builder.size > limits.maxTextChars) throw tooLong();
  };
  parseXml(
    bytes,
    {
      open: (element) => {
        const skipped =
          (element.uri === MC && element.local === 'Fallback') ||
          (W.has(element.uri) && SKIPPED.has(element.local));
        if (skipDepth > 0 || skipped) {
          skipDepth++;
          return;
        }
        if (!W.has(element.uri)) return;
        switch (element.local) {
          case 'p':
            builder.endParagraph();
            paragraphStyle = {};
            break;
          case 'pStyle':
            paragraphStyle = styles.get(element.attribute('w:val') ?? '') ?? {};
            break;
          case 'r':
            run = { direct: {}, style: {}, hidden: false };
            break;
          case 'rPr':
            inRunProperties = run !== null;
            break;
          case 'rStyle':
            if (run && inRunProperties) run.style = styles.get(element.attribute('w:val') ?? '') ?? {};
            break;
          case 'vanish':
            if (run && inRunProperties)
              run.hidden = element.attribute('w:val') !== 'false' && element.attribute('w:val') !== '0';
            break;
          case 't':
            inText = run !== null;
            break;
          // Inside a run only: a paragraph's tab stops are `w:tab` elements too.
          case 'tab':
            if (run && !inRunProperties) add(' ');
            break;
          case 'noBreakHyphen':
            if (run) add('-');
            break;
          case 'br': {
            const type = element.attribute('w:type');
            if (type === undefined || type === 'textWrapping') builder.endParagraph();
            else add(' ');
            break;
          }
          case 'cr':
            builder.endParagraph();
            break;
          default:
            if (run && inRunProperties) applyDirect(run.direct, element);
        }
      },
      close: (element) => {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (!W.has(element.uri)) return;
        if (element.local === 'p') builder.endParagraph();
        else if (element.local === 'r') run = null;
        else if (element.local === 'rPr') inRunProperties = false;
        else if (element.local === 't') inText = false;
      },
      text: (text) => {
        if (skipDepth === 0 && inText) add(text);
      },
    },
    { name, deadline, maxDepth: limits.maxXmlDepth },
  );
  return builder.finish();
}

/** A run's own bold or italic, on or off (`<w:b w:val="0"/>` turns off what a style turned on). */
function applyDirect(marks: MarkSetting, element: XmlElement): void {
  const setting: MarkSetting = {};
  applyMarkProperty(setting, element);
  if (element.local === 'b' || element.local === 'bCs')
    marks.strong = (marks.strong ?? false) || !!setting.strong;
  if (element.local === 'i' || element.local === 'iCs')
    marks.emphasis = (marks.emphasis ?? false) || !!setting.emphasis;
}
