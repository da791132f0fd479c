import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';

const HOME_ROUTE = 'src/features/marketing/home-page.tsx';
const HOME_BUDGET_KB = 150;

const holdsHomeRoute = (chunk: Rollup.OutputChunk) => chunk.moduleIds.some((id) => id.endsWith(HOME_ROUTE));

/**
 * The chunks a first visit to / needs for its first screen (the entry, the home route's
 * chunk, every chunk they import statically), and those the home page asks for as it
 * renders, below the fold (one request later, while the splash is still up).
 */
function homeRouteChunks(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (starts: Rollup.OutputChunk[], known = new Set<string>()) => {
    const found = new Map<string, Rollup.OutputChunk>();
    const visit = (chunk: Rollup.OutputChunk | undefined) => {
      if (!chunk || found.has(chunk.fileName) || known.has(chunk.fileName)) return;
      found.set(chunk.fileName, chunk);
      chunk.imports.forEach((fileName) => visit(byName.get(fileName)));
    };
    starts.forEach(visit);
    return [...found.values()];
  };
  const home = chunks.filter(holdsHomeRoute);
  const firstScreen = closure([...chunks.filter((chunk) => chunk.isEntry), ...home]);
  const belowTheFold = closure(
    home.flatMap((chunk) =>
      chunk.dynamicImports.map((fileName) => byName.get(fileName)).filter((found) => found !== undefined),
    ),
    new Set(firstScreen.map((chunk) => chunk.fileName)),
  );
  return { firstScreen, belowTheFold };
}

const gzippedKb = (chunks: Rollup.OutputChunk[]) =>
  chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0) / 1024;

/** Every module the home route needs beyond the entry: gathered at the end of the module graph, grouped into one chunk. */
const homeModules = new Set<string>();

/**
 * The home route in one round trip. Over HTTP/1.1 a browser opens six connections to a
 * host, so on a 560 ms round trip every chunk past the sixth costs half a second: the
 * modules the home route needs beyond the entry travel as one chunk, and index.html
 * modulepreloads it beside the entry. Prints the gzipped JavaScript of the home route
 * and fails the build over budget.
 */
function homeRoute(): Plugin {
  return {
    name: 'home-route',
    apply: 'build',
    buildEnd() {
      const reachable = (from: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        from.forEach(visit);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const entry = reachable(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const home = ids.find((id) => id.endsWith(HOME_ROUTE));
      if (!home) this.error(`home route: ${HOME_ROUTE} is not in the build`);
      reachable([home]).forEach((id) => !entry.has(id) && homeModules.add(id));
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const { firstScreen, belowTheFold } = homeRouteChunks(bundle);
        if (!firstScreen.some(holdsHomeRoute)) throw new Error(`home route: no chunk for ${HOME_ROUTE}`);
        const kb = gzippedKb(firstScreen);
        const message = `home route JS: ${kb.toFixed(1)} KB gzipped in ${firstScreen.length} chunks, all requested by index.html (budget ${HOME_BUDGET_KB} KB)`;
        if (kb > HOME_BUDGET_KB) throw new Error(message);
        console.info(
          `${message}; below the fold, one request later: ${gzippedKb(belowTheFold).toFixed(1)} KB in ${belowTheFold.length} chunks`,
        );
        const preload = (chunk: Rollup.OutputChunk): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
          injectTo: 'head',
        });
        return firstScreen.filter((chunk) => !chunk.isEntry && !html.includes(`/${chunk.fileName}"`)).map(preload);
      },
    },
  };
}

/**
 * React Router's package exports point every bundler at its development build, warnings
 * and all (remix-run/react-router#12532); the production build beside it is the same
 * code without them.
 */
const reactRouterProduction = (entry: string) =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
    'production',
    entry,
  );

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    homeRoute(),
    // Brotli and gzip twins of every text file, served by content negotiation (infra/src/embedded/spa-app.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'home', test: (id) => homeModules.has(id) }] } } },
  },
}));
