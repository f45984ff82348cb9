import { z } from 'zod';

/** The one error shape every 4xx/5xx answer of the API uses. */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  statusCode: z.number().int(),
  message: z.string(),
  /** Field path → messages; present on validation failures (400). */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Turns a zod failure into the field → messages map of {@link ErrorResponseSchema}. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
