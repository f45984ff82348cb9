import { z } from 'zod';
import { arabicNumber } from './arabic-number.js';

export const ListMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  pages: z.number().int().nonnegative(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: ListMetaSchema });
}

/** Query numbers arrive as strings; a positive integer with a default and a ceiling. */
export function pageNumber(defaultValue: number, max = 100_000) {
  return z.coerce
    .number({ error: 'يجب أن يكون رقمًا' })
    .int('يجب أن يكون رقمًا صحيحًا')
    .min(1, 'يجب أن يكون ١ على الأقل')
    .max(max, `يجب ألا يتجاوز ${arabicNumber(max)}`)
    .default(defaultValue);
}

export function buildListMeta(total: number, page: number, limit: number): ListMeta {
  return { total, page, limit, pages: Math.ceil(total / limit) };
}
