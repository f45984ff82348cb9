import type { MigrationObject } from '@mikro-orm/core';
import { Migration20251122000000_initial } from './Migration20251122000000_initial';
import { Migration20251201000000_series } from './Migration20251201000000_series';
import { Migration20251202000000_listing_index } from './Migration20251202000000_listing_index';
import { Migration20251210000000_chapter_upload } from './Migration20251210000000_chapter_upload';
import { Migration20251220000000_moderation } from './Migration20251220000000_moderation';
import { Migration20251230000000_system } from './Migration20251230000000_system';
import { Migration20260110000000_community } from './Migration20260110000000_community';
import { Migration20260111000000_profile } from './Migration20260111000000_profile';
import { Migration20260120000000_media_claims } from './Migration20260120000000_media_claims';
import { Migration20260125000000_username_skeleton } from './Migration20260125000000_username_skeleton';
import { Migration20260126000000_page_renditions } from './Migration20260126000000_page_renditions';
import { Migration20260201000000_follows } from './Migration20260201000000_follows';
import { Migration20260201000001_shelves } from './Migration20260201000001_shelves';
import { Migration20261125000000_novel_text } from './Migration20261125000000_novel_text';
import { Migration20261125200000_reading_paragraph } from './Migration20261125200000_reading_paragraph';
import { Migration20261125300000_community_page } from './Migration20261125300000_community_page';
import { Migration20261125400000_feed_token } from './Migration20261125400000_feed_token';
import { Migration20261127000000_series_fanout } from './Migration20261127000000_series_fanout';
import { Migration20261127100000_chapter_avif } from './Migration20261127100000_chapter_avif';
import { Migration20261128000000_cover_renditions } from './Migration20261128000000_cover_renditions';

/**
 * Every migration, in order. Listed explicitly (no file globbing) so the compiled app, the CLI and the
 * test template database all run exactly the same classes. `migration:create` appends here.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20251122000000_initial', class: Migration20251122000000_initial },
  { name: 'Migration20251201000000_series', class: Migration20251201000000_series },
  { name: 'Migration20251202000000_listing_index', class: Migration20251202000000_listing_index },
  { name: 'Migration20251210000000_chapter_upload', class: Migration20251210000000_chapter_upload },
  { name: 'Migration20251220000000_moderation', class: Migration20251220000000_moderation },
  { name: 'Migration20251230000000_system', class: Migration20251230000000_system },
  { name: 'Migration20260110000000_community', class: Migration20260110000000_community },
  { name: 'Migration20260111000000_profile', class: Migration20260111000000_profile },
  { name: 'Migration20260120000000_media_claims', class: Migration20260120000000_media_claims },
  { name: 'Migration20260125000000_username_skeleton', class: Migration20260125000000_username_skeleton },
  { name: 'Migration20260126000000_page_renditions', class: Migration20260126000000_page_renditions },
  { name: 'Migration20260201000000_follows', class: Migration20260201000000_follows },
  { name: 'Migration20260201000001_shelves', class: Migration20260201000001_shelves },
  { name: 'Migration20261125000000_novel_text', class: Migration20261125000000_novel_text },
  { name: 'Migration20261125200000_reading_paragraph', class: Migration20261125200000_reading_paragraph },
  { name: 'Migration20261125300000_community_page', class: Migration20261125300000_community_page },
  { name: 'Migration20261125400000_feed_token', class: Migration20261125400000_feed_token },
  { name: 'Migration20261127000000_series_fanout', class: Migration20261127000000_series_fanout },
  { name: 'Migration20261127100000_chapter_avif', class: Migration20261127100000_chapter_avif },
  { name: 'Migration20261128000000_cover_renditions', class: Migration20261128000000_cover_renditions },
];
