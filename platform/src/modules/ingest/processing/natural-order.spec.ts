import { compareNatural } from './natural-order';

const sorted = (names: string[]) => [...names].sort(compareNatural);

/** A fixed shuffle, so a failure always shows the same input. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('compareNatural', () => {
  it('orders numbered pages by value, not by characters', () => {
    const pages = Array.from({ length: 40 }, (_, i) => `page${i + 1}.jpg`);
    expect(sorted(shuffled(pages))).toEqual(pages);
  });

  it('puts 2 before 10 and ignores leading zeros when comparing values', () => {
    expect(sorted(['10.png', '2.png', '1.png', '001.png'])).toEqual(['001.png', '1.png', '2.png', '10.png']);
  });

  it('reads Arabic-Indic and Extended Arabic-Indic digits as digits', () => {
    expect(sorted(['صفحة ١٠.jpg', 'صفحة ٢.jpg', 'صفحة ١.jpg'])).toEqual([
      'صفحة ١.jpg',
      'صفحة ٢.jpg',
      'صفحة ١٠.jpg',
    ]);
    expect(sorted(['۱۲.webp', '۳.webp', '7.webp'])).toEqual(['۳.webp', '7.webp', '۱۲.webp']);
  });

  it('mixes digit systems by value', () => {
    expect(sorted(['p11.jpg', 'p٣.jpg', 'p۲.jpg', 'p1.jpg'])).toEqual([
      'p1.jpg',
      'p۲.jpg',
      'p٣.jpg',
      'p11.jpg',
    ]);
  });

  it('orders letters case-insensitively', () => {
    expect(sorted(['b.jpg', 'A.jpg', 'a2.jpg', 'C.jpg'])).toEqual(['A.jpg', 'a2.jpg', 'b.jpg', 'C.jpg']);
  });

  it('orders by the full path: folders first, then pages inside them', () => {
    expect(sorted(['ch2/1.jpg', 'ch10/1.jpg', 'ch2/10.jpg', 'ch2/9.jpg'])).toEqual([
      'ch2/1.jpg',
      'ch2/9.jpg',
      'ch2/10.jpg',
      'ch10/1.jpg',
    ]);
  });

  it('compares digit runs longer than any number type', () => {
    expect(sorted(['12345678901234567890123.jpg', '9.jpg'])).toEqual([
      '9.jpg',
      '12345678901234567890123.jpg',
    ]);
  });

  it('is a total order: names equal but for case or zeros still have a fixed place', () => {
    const names = ['Page1.jpg', 'page1.jpg', 'page01.jpg', 'PAGE1.jpg'];
    const once = sorted(names);
    expect(sorted(shuffled(names))).toEqual(once);
    expect(sorted([...names].reverse())).toEqual(once);
    expect(compareNatural('page1.jpg', 'page1.jpg')).toBe(0);
  });
});
