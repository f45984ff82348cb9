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
