// The site's own client directive (src/lib/astro/reader-directive.ts), known to the type checker.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:reader'?: boolean;
  }
}

export {};
