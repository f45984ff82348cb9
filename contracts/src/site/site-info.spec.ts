import { siteInfoFor, truncateDescription } from './site-info.js';

describe('site info (spec §3) and the 160-character description (§9)', () => {
  it('cuts long descriptions to at most 160 characters with an ellipsis', () => {
    const long = 'كلمة '.repeat(80);
    const cut = truncateDescription(long);
    expect(Array.from(cut).length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
  });
  it('keeps short descriptions as they are', () => {
    expect(truncateDescription('قصير')).toBe('قصير');
  });
  it('gives every site a description within the limit, and admin requires the admin role', () => {
    for (const type of ['main', 'manga', 'novel', 'dashboard', 'admin', 'shop'] as const) {
      expect(Array.from(siteInfoFor(type).description).length).toBeLessThanOrEqual(160);
    }
    expect(siteInfoFor('admin').requireAdmin).toBe(true);
    expect(siteInfoFor('shop').type).toBe('shop');
  });
});
