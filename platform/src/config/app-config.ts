import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type AppConfig, EnvSchema, toAppConfig } from './env.schema';

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {}

function packageVersion(): string {
  // src/config and dist/config both sit two levels below the package root.
  const raw = readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8');
  return (JSON.parse(raw) as { version: string }).version;
}

/**
 * Parses the environment once. `overrides` (tests) win over `source`. The only place in the platform
 * that reads process.env.
 */
export function loadConfig(
  overrides: Record<string, string | undefined> = {},
  source: NodeJS.ProcessEnv = process.env,
): AppConfig {
  const result = EnvSchema.safeParse({ ...source, ...overrides });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid platform configuration:\n${lines.join('\n')}`);
  }
  return toAppConfig(result.data, packageVersion());
}

export type { AppConfig };
