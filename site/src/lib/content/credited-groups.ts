import type { ChapterVariant } from '@warraq/contracts';

/** The translation groups credited in approved variants, once each, in first-seen order (follow preferences offer these). */
export function creditedGroups(
  variants: readonly Pick<ChapterVariant, 'group' | 'moderationStatus'>[],
): string[] {
  const seen = new Set<string>();
  for (const variant of variants) {
    if (variant.group && variant.moderationStatus === 'approved') seen.add(variant.group);
  }
  return [...seen];
}
