import * as catalogue from './ar.json';
import {
  formatChapterNumber as formatFigure,
  formatCompact,
  formatNumber as formatCount,
  withNumerals,
} from '@/lib/format/format';

/**
 * Every UI string of the site (Arabic). Components read from here; nothing is hard-coded.
 * Re-exported as the JSON module's namespace, not as one object: each top-level section of the
 * catalogue is then a named export of its own, and the bundler keeps in a browser chunk only the
 * sections that chunk's code reads (`t.reader.next` keeps `reader`), so an island does not download
 * the whole catalogue (issue 15). Reading `t` as a whole value (spreading it, `t[name]`, passing it
 * on) would bring every section back.
 */
export { catalogue as t };
export type Messages = typeof catalogue;

/**
 * Fills `{name}` placeholders of a message, in the page's numerals: a message's own digits
 * («٢ قبل ١٠») and bare numbers read like the formatted numbers beside them (issue 15).
 */
export function fmt(template: string, vars: Record<string, string | number> = {}): string {
  return withNumerals(
    template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (!(name in vars)) return whole;
      const value = vars[name]!;
      // A bare number (a page, a year, a percent) is written like the formatted ones, ungrouped;
      // counts that want grouping come formatted already (formatNumber).
      return typeof value === 'number' ? formatFigure(value) : value;
    }),
  );
}

/**
 * A name someone chose (a username, a title) set inside an Arabic sentence, isolated (FSI … PDI) so
 * a Latin name keeps its own direction and leaves the sentence's punctuation where it belongs.
 */
export function isolate(name: string): string {
  return `\u2068${name}\u2069`;
}

// Numbers and dates come from the one formatter (issue 15); re-exported for the many callers here.
export { formatDate, formatNumber } from '@/lib/format/format';

const pluralRules = new Intl.PluralRules('ar');

/** A count's six Arabic forms (zero, one, two, few 3–10, many 11–99, other 100–102…), `{n}` the count. */
export type CountForms = Record<Intl.LDMLPluralRule, string>;

/**
 * A count in Arabic with its plural form, `{n}` filled: «لا تعليقات», «تعليق واحد», «تعليقان»,
 * «٣ تعليقات», «١١ تعليقًا», «١٠٠ تعليق». The one way the interface writes a count beside a noun
 * (issue 15): a fixed noun after a number reads wrong for most numbers («٢ إعجاب»). `vars` fills the
 * form's other placeholders.
 */
export function fmtCount(forms: CountForms, n: number, vars: Record<string, string | number> = {}): string {
  return fmt(forms[pluralRules.select(n)], { ...vars, n: formatCount(n) });
}

/**
 * The same with a large count abbreviated («١٫٤ ألف مشاهدة»): after «ألف» or «مليون» the noun is
 * the one the hundreds take (the `other` form), whatever the digits before the word.
 */
export function fmtCompactCount(forms: CountForms, n: number): string {
  if (n < 1000) return fmtCount(forms, n);
  return fmt(forms.other, { n: formatCompact(n) });
}
