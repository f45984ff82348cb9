import { type Badge, type BadgeId, isStaffRole, type Role } from '@warraq/contracts';
import type { ProfileCounts } from './profile.repository';

interface BadgeRule {
  id: BadgeId;
  name: string;
  color: string;
  description: string;
  earned: (counts: ProfileCounts, role: Role) => boolean;
}

/**
 * The badges and what earns each (docs/points-and-badges.md). They are computed from the stored
 * activity on every request, so a badge can never disagree with the numbers beside it.
 */
export const BADGE_RULES: readonly BadgeRule[] = [
  {
    id: 'first-chapter',
    name: 'أول فصل',
    color: '#0ea5e9',
    description: 'نُشر أول فصل رفعه بعد اعتماده',
    earned: (c) => c.approved_chapters >= 1,
  },
  {
    id: 'translator',
    name: 'مترجم نشِط',
    color: '#6366f1',
    description: '١٠ فصول معتمدة أو أكثر',
    earned: (c) => c.approved_chapters >= 10,
  },
  {
    id: 'first-series',
    name: 'مضيف أعمال',
    color: '#14b8a6',
    description: 'اعتُمد عمل أضافه',
    earned: (c) => c.approved_series >= 1,
  },
  {
    id: 'reader-10',
    name: 'قارئ',
    color: '#22c55e',
    description: 'قرأ ١٠ فصول',
    earned: (c) => c.chapters_read >= 10,
  },
  {
    id: 'reader-100',
    name: 'قارئ نهم',
    color: '#f59e0b',
    description: 'قرأ ١٠٠ فصل',
    earned: (c) => c.chapters_read >= 100,
  },
  {
    id: 'commenter',
    name: 'صوت المجتمع',
    color: '#ec4899',
    description: 'كتب ١٠ تعليقات',
    earned: (c) => c.comments_posted >= 10,
  },
  {
    id: 'collector',
    name: 'جامع',
    color: '#a855f7',
    description: 'أضاف ١٠ أعمال إلى المفضلة',
    earned: (c) => c.favourite_manga >= 10,
  },
  {
    id: 'staff',
    name: 'فريق الإشراف',
    color: '#ef4444',
    description: 'من فريق الإشراف على المحتوى',
    earned: (_c, role) => isStaffRole(role),
  },
];

export function badgesFor(counts: ProfileCounts, role: Role): Badge[] {
  return BADGE_RULES.filter((rule) => rule.earned(counts, role)).map(({ id, name, color, description }) => ({
    id,
    name,
    color,
    description,
  }));
}
