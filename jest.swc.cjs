// One SWC transform for every Jest project: TypeScript with Nest's legacy decorators, emitted as CommonJS;
// the site's islands (.tsx) with React's automatic JSX runtime, as Astro builds them.
module.exports = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
    },
    module: { type: 'commonjs' },
  },
];
