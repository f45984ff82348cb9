import { typedInteger } from './arabic-number.js';

describe('typedInteger', () => {
  it('reads a whole number typed in either digit system, with any minus', () => {
    expect(typedInteger('١٥')).toBe(15);
    expect(typedInteger(' 15 ')).toBe(15);
    expect(typedInteger('-٢٠')).toBe(-20);
    expect(typedInteger('\u2212۳')).toBe(-3);
  });

  it('gives NaN for anything else, so the form reports the field', () => {
    for (const text of ['', '١٫٥', '15a', '--1', '1 000']) expect(typedInteger(text)).toBeNaN();
  });
});
