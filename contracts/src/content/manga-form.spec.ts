import { MangaFormSchema, mangaFormToBody, type MangaForm } from './content.schemas.js';

const form = (year: string): MangaForm => ({
  title: 'الأكاديمية',
  description: 'طالب بلا موهبة يُقبل في أعرق أكاديمية للسحر.',
  coverKey: '',
  author: 'هيروشي',
  artist: '',
  status: 'ongoing',
  year,
  originalTitle: '',
  altTitles: '',
  tags: '',
  type: 'manga',
  origin: 'japan',
});

describe('the add-manga form’s year', () => {
  it.each([
    ['2026', 2026],
    ['٢٠٢٦', 2026],
    ['۲۰۲۶', 2026],
  ])('reads «%s» (the digits the page showed or the reader typed) as %i', (year, expected) => {
    const parsed = MangaFormSchema.safeParse(form(year));
    expect(parsed.success).toBe(true);
    expect(mangaFormToBody(parsed.data!).metadata.year).toBe(expected);
  });

  it.each(['٢٠٢', '20266', 'عام', '٢٠x٦'])('refuses «%s» with the Arabic message', (year) => {
    const parsed = MangaFormSchema.safeParse(form(year));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('يرجى إدخال سنة صالحة (٤ أرقام)');
  });
});
