import type { ClientDirective } from 'astro';

/** Loads an island's code and hydrates it: the step every custom `client:` directive ends with. */
export function hydrateNow(load: Parameters<ClientDirective>[0]): void {
  void load().then((run) => run());
}
