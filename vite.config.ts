import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** A module and everything it imports statically, at any depth. */
function staticGraph(graph: ModuleGraph, root: string): Set<string> {
  const found = new Set([root]);
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (found.has(next)) continue;
      found.add(next);
      queue.push(next);
    }
  }
  return found;
}

/** The shop's browsing pages: what two or more of them share is one chunk too. */
const CATALOGUE_ROUTES = [
  'home',
  'products',
  'product',
  'search',
  'specials',
  'fresh-fish',
  'farm-supplies',
  'recipes',
  'recipe',
  'wishlist',
  'cart',
].map((name) => path.resolve(`app/routes/${name}.tsx`));

/**
 * Fewer files on a page's first load. Left to itself the bundler splits the code pages share by which
 * pages share it — each icon, each small component its own file, ~40 for a product page — and a phone
 * on a 150–300 ms network fetches them over HTTP/1.1 six at a time: round trip after round trip before
 * the page works. So: everything the root route imports is one chunk (every page loads it), what the
 * storefront's layout adds is a second (every shop page; not the admin area), and what two or more
 * browsing pages share is a third. Code only one page uses stays with that page.
 */
function firstLoadChunks() {
  let sets: Record<'root' | 'site' | 'catalogue', Set<string>> | undefined;
  const membersOf = (graph: ModuleGraph) => {
    const seen = new Map<string, number>();
    for (const route of CATALOGUE_ROUTES)
      for (const id of staticGraph(graph, route)) if (id !== route) seen.set(id, (seen.get(id) ?? 0) + 1);
    return {
      root: staticGraph(graph, path.resolve('app/root.tsx')),
      site: staticGraph(graph, path.resolve('app/routes/site-layout.tsx')),
      catalogue: new Set([...seen].filter(([, routes]) => routes >= 2).map(([id]) => id)),
    };
  };
  const group = (name: 'root' | 'site' | 'catalogue', priority: number) => ({
    name: (id: string, graph: ModuleGraph) => {
      sets ??= membersOf(graph);
      return sets[name].has(id) ? `${name}-shared` : null;
    },
    priority,
  });
  // Higher priority first: a module the root needs is in the root's chunk, whoever else uses it.
  return [group('root', 3), group('site', 2), group('catalogue', 1)];
}

/**
 * Each icon imported from its own module (`lucide-react/icons/<name>`) rather than from lucide's index,
 * which re-exports all 2,000 of them. The bundle was the same either way, but `firstLoadChunks` follows
 * imports, and through the index every icon used anywhere (the admin area's too) was "imported by the
 * root" and went into the chunk every page loads. The source keeps lucide's documented named imports.
 */
function iconsByFile(): Plugin {
  let appDir = path.resolve('app') + path.sep;
  let files: Map<string, string> | undefined;
  const fileOf = (name: string) => {
    if (!files) {
      files = new Map();
      const index = readFileSync(
        createRequire(import.meta.url).resolve('lucide-react/dist/esm/lucide-react.mjs'),
        'utf8',
      );
      for (const [, names, file] of index.matchAll(/export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs'/g))
        for (const [, alias] of names!.matchAll(/default as (\w+)/g)) files.set(alias!, file!);
    }
    const file = files.get(name);
    if (!file) throw new Error(`lucide-react has no icon named ${name}`);
    return `lucide-react/icons/${file}`;
  };
  return {
    name: 'freshcatch:icons-by-file',
    // Only the build groups chunks; the dev server keeps the index (its dependency optimiser bundles it).
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      appDir = path.join(config.root, 'app') + path.sep;
    },
    transform(code, id) {
      if (!id.startsWith(appDir) || !code.includes('lucide-react')) return null;
      // On as many lines as the import it replaces, so the lines after it keep their numbers.
      const rewritten = code.replace(
        /import \{([^}]+)\} from 'lucide-react';/g,
        (statement, names: string) => {
          const entries = names
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean);
          const types = entries.filter((entry) => entry.startsWith('type '));
          return (
            entries
              .filter((entry) => !entry.startsWith('type '))
              .map((entry) => {
                const [name, local = name] = entry.split(/\s+as\s+/);
                return `import ${local} from '${fileOf(name!)}';`;
              })
              .concat(
                types.length
                  ? [
                      `import type { ${types.map((entry) => entry.slice(5)).join(', ')} } from 'lucide-react';`,
                    ]
                  : [],
              )
              .join(' ') + '\n'.repeat(statement.split('\n').length - 1)
          );
        },
      );
      // Any other way of importing lucide would bring its index back into the chunk groups.
      const left = rewritten.match(/^(?!import type ).*['"]lucide-react['"].*$/m);
      if (left)
        this.error(`import lucide's icons as "import { Icon } from 'lucide-react';" (${id}: ${left[0]})`);
      return { code: rewritten, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [iconsByFile(), tailwindcss(), reactRouter()],
  build: {
    // The server build inlines the stylesheet into every page (app/lib/inline-css.server.ts): minify it
    // there too (Vite minifies CSS only for the browser build by default).
    cssMinify: true,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: firstLoadChunks() } } },
  },
  resolve: { tsconfigPaths: true },
  // Bundle the icons into the server build: only the ones we use, instead of loading the whole set.
  ssr: { noExternal: ['lucide-react'] },
  server: { watch: { ignored: ['**/data/**', '**/test-results/**'] } },
}));
