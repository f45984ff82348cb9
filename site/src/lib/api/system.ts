import { z } from 'zod';

/** GET /api/system/version (no contract schema yet; the platform answers `{ version }`). */
export const VersionResponseSchema = z.object({ version: z.string() });
