// The Arabic catalogue (src/i18n/ar.json) stays one file, the one source of truth; what the bundler
// sees is one module per top-level section. `src/i18n` re-exports the catalogue's namespace as `t`,
// so `t.reader.next` is a static reference to the `reader` section's module, and a browser chunk
// carries only the sections its code reads. As one JSON module the whole catalogue (11.5 KB gzipped)
// rode in one shared chunk with every island (issue 15).
import fs from 'node:fs';
import { URL, fileURLToPath } from 'node:url';

const CATALOGUE = fileURLToPath(new URL('./src/i18n/ar.json', import.meta.url));
const INDEX = '\0warraq-catalogue';
const SECTION = '\0warraq-catalogue:';

const read = () => JSON.parse(fs.readFileSync(CATALOGUE, 'utf8'));

/** @returns {import('vite').Plugin} */
export function catalogueSections() {
  return {
    name: 'warraq-catalogue-sections',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith(SECTION) || source === INDEX) return source;
      if (!importer || !source.endsWith('ar.json')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === CATALOGUE ? INDEX : null;
    },
    load(id) {
      if (id === INDEX) {
        this.addWatchFile(CATALOGUE);
        return Object.keys(read())
          .map((name) => `export { default as ${name} } from ${JSON.stringify(SECTION + name)};`)
          .join('\n');
      }
      if (id.startsWith(SECTION)) {
        this.addWatchFile(CATALOGUE);
        const name = id.slice(SECTION.length);
        return `export default ${JSON.stringify(read()[name])};`;
      }
      return null;
    },
  };
}
