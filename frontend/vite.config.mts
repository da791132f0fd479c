import react from '@vitejs/plugin-react';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const HOME_ROUTE = 'src/features/marketing/home-page.tsx';
const HOME_BUDGET_KB = 250;

/**
 * Prints the gzipped JavaScript a first visit to / downloads: the entry chunk, the home
 * route's chunk and every chunk they import statically. Fails the build over budget.
 */
function homeRouteBudget(): Plugin {
  return {
    name: 'home-route-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const starts = chunks.filter((chunk) => chunk.isEntry || chunk.facadeModuleId?.endsWith(HOME_ROUTE));
      const loaded = new Set<string>();
      const visit = (fileName: string) => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        byName.get(fileName)?.imports.forEach(visit);
      };
      starts.forEach((chunk) => visit(chunk.fileName));
      const bytes = [...loaded].reduce((sum, fileName) => sum + gzipSync(byName.get(fileName)?.code ?? '').length, 0);
      const kb = bytes / 1024;
      const message = `home route JS: ${kb.toFixed(1)} KB gzipped in ${loaded.size} chunks (budget ${HOME_BUDGET_KB} KB)`;
      if (kb > HOME_BUDGET_KB) this.error(message);
      this.info(message);
    },
  };
}

export default defineConfig({
  plugins: [react(), homeRouteBudget()],
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false },
});
