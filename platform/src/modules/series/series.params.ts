import { ChapterNumberSchema } from '@warraq/contracts';
import { z } from 'zod';

const id = z.coerce
  .number({ error: 'معرّف غير صالح' })
  .int()
  .positive('معرّف غير صالح')
  .max(2 ** 31 - 1);
const slug = z.string().trim().min(1).max(255);

export const SeriesSlugParamsSchema = z.object({ slug });
export const SeriesIdParamsSchema = z.object({ id });
export const SeriesDetailQuerySchema = z.object({ id: id.optional() });
export const ChapterParamsSchema = z.object({ slug, chapterNumber: ChapterNumberSchema });
