/**
 * The hydration directives the layout's module script brings (islands.ts, which must define each of
 * them: its table is typed by this list). A page using any other gets Astro's inline copy, which the
 * page's script policy refuses.
 */
export const CLIENT_DIRECTIVES = ['idle', 'load', 'visible', 'painted', 'reader', 'toast'] as const;
export type ClientDirectiveName = (typeof CLIENT_DIRECTIVES)[number];

/** What Astro keeps per page about the inline scripts it has written (`result._metadata`). */
interface IslandScriptState {
  hasHydrationScript: boolean;
  hasDirectives: Set<string>;
}

/**
 * Tells Astro's renderer that this page already has its island element and directives (islands.ts, in
 * the layout's module script), so it writes none of them inline. `result` is the page's render state
 * (`$$result` in a component's frontmatter); its shape is Astro's own, so a version that changes it
 * fails the page here rather than sending islands that never hydrate.
 */
export function claimIslandScripts(result: unknown): void {
  const state = (result as { _metadata?: Partial<IslandScriptState> } | null)?._metadata;
  if (typeof state?.hasHydrationScript !== 'boolean' || !(state.hasDirectives instanceof Set)) {
    throw new Error("Astro's render state has no hydration-script flags: see lib/astro/island-scripts.ts");
  }
  state.hasHydrationScript = true;
  for (const name of CLIENT_DIRECTIVES) state.hasDirectives.add(name);
}
