import { z } from 'zod';

/** `:id` of an upload route: anything but a UUID names no upload (404, like an unknown one). */
export const UploadIdParamsSchema = z.object({ id: z.uuid() });
export const UploadFileParamsSchema = z.object({
  id: z.uuid(),
  index: z.coerce.number().int().min(0).max(100_000),
});
