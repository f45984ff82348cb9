// The site's own client directives (src/lib/astro/reader-directive.ts, toast-directive.ts), known to the
// type checker.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:reader'?: boolean;
    'client:toast'?: boolean;
  }
}

export {};
