// One lint config for the monorepo: typed TypeScript rules, Astro files, and package boundaries.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.astro/**',
      '**/.turbo/**',
      '.data/**',
      'platform/src/database/migrations/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest modules and injectable classes are legitimately empty or decorator-only.
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    files: ['contracts/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(?!zod$|\\.)', message: 'contracts may import only zod and its own files' }],
        },
      ],
    },
  },
  {
    files: ['site/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@warraq/platform', '**/platform/**'],
              message: 'the site talks to the platform over HTTP only',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared plumbing knows no feature: modules build on common/, config/ and jobs/, never the reverse.
    files: ['platform/src/common/**', 'platform/src/config/**', 'platform/src/jobs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/modules'],
              message: 'common/, config/ and jobs/ may not import a module (platform/src/modules/**)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['infra/**/*.mjs', 'bench/**/*.mjs', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
