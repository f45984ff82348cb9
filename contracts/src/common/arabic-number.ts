const ARABIC_INDIC = new Intl.NumberFormat('ar-SA-u-nu-arab', {
  maximumFractionDigits: 2,
  useGrouping: false,
});

/**
 * A number in Arabic-Indic digits, ungrouped (1.5 → ١٫٥, 200 → ٢٠٠): the digits of the Arabic texts
 * the platform writes (notifications, queue names, health details), like the rest of the interface
 * (issue 15). The site rewrites them, with every other digit, for a reader who chose Western digits.
 */
export function arabicNumber(value: number): string {
  return ARABIC_INDIC.format(value);
}

/**
 * Typed digits as the number parser reads them: Arabic-Indic (٠–٩) and Extended Arabic-Indic (۰–۹,
 * Persian and Urdu keyboards) to 0–9. A form shows its numbers in the page's digits (a year field
 * starts at «٢٠٢٦»), so what comes back may be in either system.
 */
export function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * A whole number as typed on any keyboard — either digit system, an ASCII or a Unicode minus —
 * or NaN when the text is not one (so the schema reading it reports the field).
 */
export function typedInteger(text: string): number {
  const plain = westernDigits(text.trim()).replace(/^[\u2212\u2796]/, '-');
  return /^-?\d+$/.test(plain) ? Number(plain) : Number.NaN;
}
