/**
 * The rules every way into a text chapter shares (the .txt, .docx and .epub importers, paste from a
 * word processor, the editor): what a scene break looks like, what opens a line of dialogue.
 */

/** Invisible characters and spaces, which never decide what a line is. */
const INVISIBLE = /[\s\p{Cf}\p{Cc}]/gu;

/**
 * The marks writers put on a line of their own between scenes: `*`, `***`, `* * *`, `⁂`, `#`, or the
 * same dash, rule or dot three times or more (`---`, `— — —`, `~~~`, `•••`, `ـــ`).
 */
const SCENE_BREAK = /^(?:\*+|⁂|#{1,3}|([-–—_=~•·○◇◆❖✦ـ])\1{2,})$/u;

export function isSceneBreakText(text: string): boolean {
  return SCENE_BREAK.test(text.replace(INVISIBLE, ''));
}

/** Quotation marks that open a quoted line: Arabic and French guillemets, straight and curly quotes. */
const OPENING_QUOTES = new Set(['«', '‹', '"', '“', '”', '„']);
const DASHES = new Set(['-', '–', '—', '‒', '―']);

/**
 * A paragraph is a line of dialogue when it opens with a quotation mark or a dash (the two ways
 * Arabic fiction marks speech), as long as it is not a scene break made of dashes.
 */
export function startsDialogue(text: string): boolean {
  const visible = text.replace(INVISIBLE, '');
  const first = visible[0];
  if (first === undefined) return false;
  if (OPENING_QUOTES.has(first)) return true;
  return DASHES.has(first) && !isSceneBreakText(visible) && [...visible].some((c) => !DASHES.has(c));
}

/** Bytes of a string in UTF-8, counted without encoding it. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Characters (code points, so an emoji or a rare CJK ideograph is one) of a string. */
export function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** Whether a string shows anything: a letter, digit, punctuation or symbol, not only spaces and controls. */
export function hasVisibleText(text: string): boolean {
  return /[^\s\p{Cf}\p{Cc}]/u.test(text);
}
