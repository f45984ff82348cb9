import type { ClientDirective } from 'astro';
import idle from 'astro/client/idle.js';
import load from 'astro/client/load.js';
import visible from 'astro/client/visible.js';
import painted from './painted-directive';
import reader from './reader-directive';
import toast from './toast-directive';
import type { ClientDirectiveName } from './island-scripts';

/**
 * The hydration directives the pages use, where Astro's island element looks them up: the global
 * `Astro` (lib/astro/islands.ts loads this before the element). The table is typed by the names the
 * server tells Astro not to write inline (island-scripts.ts), so the two lists cannot drift apart.
 */
const directives: Record<ClientDirectiveName, ClientDirective> = {
  idle,
  load,
  visible,
  painted,
  reader,
  toast,
};

const astro = ((self as { Astro?: Record<string, ClientDirective> }).Astro ??= {});
for (const [name, directive] of Object.entries(directives)) {
  astro[name] = directive;
  window.dispatchEvent(new Event(`astro:${name}`));
}
