// One lint config for the monorepo: typed TypeScript rules, Astro files, and package boundaries.
import path from 'node:path';
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const siteSrc = path.join(import.meta.dirname, 'site/src');

/** Where a file of the site sits: its top folder under `src/`, and for an island its feature folder. */
function siteLayer(file) {
  const parts = path.relative(siteSrc, file).split(path.sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  return { top: parts[0], feature: parts[0] === 'islands' && parts.length > 2 ? parts[1] : null };
}

/**
 * The site's rooms: `islands/<feature>/` may import `ui/`, `lib/`, `stores/`, `i18n/` and its own
 * folder, never another feature (what two features share moves down into `ui/` or `lib/`); nothing
 * below the islands imports them, and `lib/`, `stores/` and `i18n/` do not import `ui/`.
 */
const siteRooms = {
  meta: {
    type: 'problem',
    messages: {
      feature:
        'islands/{{from}}/ imports islands/{{to}}/: a feature folder never imports another; move what both use into ui/ or lib/',
      down: '{{from}}/ imports {{to}}/: only pages, layouts, components and islands sit above it',
    },
    schema: [],
  },
  create(context) {
    const from = siteLayer(context.filename);
    if (!from) return {};
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = spec.startsWith('@/')
        ? path.join(siteSrc, spec.slice(2))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(context.filename), spec)
          : null;
      const to = target && siteLayer(target);
      if (!to) return;
      if (from.top === 'islands' && to.top === 'islands' && to.feature !== from.feature) {
        context.report({
          node: node.source,
          messageId: 'feature',
          data: { from: from.feature, to: to.feature },
        });
      } else if (
        (['ui', 'lib', 'stores', 'i18n'].includes(from.top) && to.top === 'islands') ||
        (['lib', 'stores', 'i18n'].includes(from.top) && to.top === 'ui')
      ) {
        context.report({ node: node.source, messageId: 'down', data: { from: from.top, to: to.top } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

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
    files: ['site/src/**/*.{ts,tsx,astro}'],
    plugins: { warraq: { rules: { 'site-rooms': siteRooms } } },
    rules: { 'warraq/site-rooms': 'error' },
  },
  {
    files: ['infra/**/*.mjs', 'bench/**/*.mjs', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
