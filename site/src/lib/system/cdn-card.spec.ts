import { describe, expect, it } from '@jest/globals';
import { formatNumber } from '@/i18n';
import { formatBytes } from '@/lib/format/format';
import { cdnHint } from './cdn-card';

describe('the Media CDN card', () => {
  it('reports what the last run of the media garbage collector freed', () => {
    const hint = cdnHint({
      mediaObjects: 1200,
      mediaSweep: { finishedAt: '2026-11-27T06:00:00.000Z', objects: 37, bytes: 5 * 1024 * 1024 },
    });
    expect(hint).toContain(formatNumber(1200));
    expect(hint).toContain(`حرّر ${formatNumber(37)} ملفًا (${formatBytes(5 * 1024 * 1024)})`);
  });

  it('says nothing of the collector before its first run', () => {
    expect(cdnHint({ mediaObjects: 3, mediaSweep: null })).not.toContain('تنظيف');
  });
});
