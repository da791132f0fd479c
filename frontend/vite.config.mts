import react from '@vitejs/plugin-react';
import { gzipSync } from 'node:zlib';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';

const HOME_ROUTE = 'src/features/marketing/home-page.tsx';
const HOME_BUDGET_KB = 170;

/** The chunks a first visit to / runs: the entry, the home route's chunk, and every chunk they import statically. */
function homeRouteChunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || loaded.has(chunk.fileName)) return;
    loaded.set(chunk.fileName, chunk);
    chunk.imports.forEach((fileName) => visit(byName.get(fileName)));
  };
  chunks.filter((chunk) => chunk.isEntry || chunk.facadeModuleId?.endsWith(HOME_ROUTE)).forEach(visit);
  return [...loaded.values()];
}

/**
 * The home route in one round trip: index.html modulepreloads every chunk of the home
 * route (not only the entry's), so none waits for another to arrive first. Prints the
 * gzipped JavaScript that costs and fails the build over budget.
 */
function homeRoute(): Plugin {
  return {
    name: 'home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = homeRouteChunks(bundle);
        if (!chunks.some((chunk) => chunk.facadeModuleId?.endsWith(HOME_ROUTE))) throw new Error(`home route: no chunk for ${HOME_ROUTE}`);
        const kb = chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0) / 1024;
        const message = `home route JS: ${kb.toFixed(1)} KB gzipped in ${chunks.length} chunks, all requested by index.html (budget ${HOME_BUDGET_KB} KB)`;
        if (kb > HOME_BUDGET_KB) throw new Error(message);
        console.info(message);
        const preload = (chunk: Rollup.OutputChunk): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' });
        return chunks.filter((chunk) => !chunk.isEntry && !html.includes(`/${chunk.fileName}"`)).map(preload);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    homeRoute(),
    // Brotli and gzip twins of every text file, served by content negotiation (infra/src/embedded/spa-app.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false },
});
