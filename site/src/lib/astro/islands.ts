/**
 * Astro writes its island element and each hydration directive into every page as inline scripts, the
 * first time a page uses them: about 2.6 KB (brotli) of every document, downloaded again with each
 * page view, and a policy that has to allow each by its hash. Here they are part of the layout's
 * module script (BaseLayout.astro), kept a year under its hashed name; `claimIslandScripts`
 * (island-scripts.ts) stops Astro writing them.
 *
 * The directives first: the element upgrades the page's islands as soon as it is defined, and each
 * then looks its directive up in the global `Astro`, which must exist by then (an island whose
 * directive is not there yet waits for its `astro:<name>` event).
 */
import './island-directives';
import 'astro/runtime/server/astro-island.js';
