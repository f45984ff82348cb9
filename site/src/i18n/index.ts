import ar from './ar.json';

/** Every UI string of the site (Arabic). Components read from here; nothing is hard-coded. */
export const t = ar;
export type Messages = typeof ar;

/** Fills `{name}` placeholders of a message. */
export function fmt(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const numberFormat = new Intl.NumberFormat('ar-SA');
const dateFormat = new Intl.DateTimeFormat('ar-SA', { dateStyle: 'medium' });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

const pluralRules = new Intl.PluralRules('ar');

/** A count in Arabic with its plural form (zero, one, two, few 3–10, many 11–99, other), `{n}` filled. */
export function fmtCount(forms: Record<Intl.LDMLPluralRule, string>, n: number): string {
  return fmt(forms[pluralRules.select(n)], { n: numberFormat.format(n) });
}
