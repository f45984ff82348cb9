/**
 * Natural order of page names, the way people number pages: digit runs compare by value (2 before
 * 10), Arabic-Indic (٠–٩) and Extended Arabic-Indic (۰–۹) digits count as 0–9, letters compare
 * case-insensitively, and names that still tie (`1.jpg` and `001.jpg`) are ordered by their exact
 * UTF-16 code units, so the order is total and the same on every machine (no locale involved).
 */
export function compareNatural(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (isDigit(x[i]) && isDigit(y[j])) {
      const left = digitRun(x, i);
      const right = digitRun(y, j);
      const order = compareValues(left, right);
      if (order !== 0) return order;
      i += left.length;
      j += right.length;
      continue;
    }
    if (x[i] !== y[j]) return (x[i] as string) < (y[j] as string) ? -1 : 1;
    i += 1;
    j += 1;
  }
  const rest = x.length - i - (y.length - j);
  if (rest !== 0) return rest;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lower-cased characters, with every Arabic-Indic digit replaced by its ASCII twin. */
function normalize(name: string): string[] {
  return Array.from(name.toLowerCase(), (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x660 && code <= 0x669) return String(code - 0x660);
    if (code >= 0x6f0 && code <= 0x6f9) return String(code - 0x6f0);
    return char;
  });
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

function digitRun(chars: string[], start: number): string {
  let end = start;
  while (isDigit(chars[end])) end += 1;
  return chars.slice(start, end).join('');
}

/** By value, however long the run (no number type overflows); leading zeros do not count here. */
function compareValues(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}
