// The site's own client directives (src/lib/astro/*-directive.ts), known to the type checker.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:reader'?: boolean;
    'client:toast'?: boolean;
    'client:painted'?: boolean | string;
  }
}

export {};
