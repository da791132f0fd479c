// Compiles every backend process ahead of time: `npm run build:services` writes one CommonJS
// file per entry into dist/services/, which `node dist/services/query-main.js` runs without
// tsx. The workspaces (@reflections/*) export TypeScript sources, so they are bundled in;
// every other package stays a require() of node_modules, installed with `--omit=dev`.
//
// esbuild rather than tsc: the read models are MikroORM EntitySchema definitions (no
// decorators, no reflect-metadata), so nothing needs tsc's decorator metadata; and one
// bundle per process needs no rewriting of the workspaces' `exports` (which point at .ts).
// Type checking stays with `npm run typecheck`.
//
// The threads' entries are built into the same folder as the mains: threadEntry() in
// services/platform/src/process/typescript-worker.ts finds them beside the caller.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = process.env.SERVICES_OUTDIR ? path.resolve(process.env.SERVICES_OUTDIR) : path.join(root, 'dist', 'services');

export const ENTRIES = [
  'infra/src/processes/command-main.ts',
  'infra/src/processes/query-main.ts',
  'infra/src/processes/ai-worker-main.ts',
  'infra/src/admin/create-admin.ts',
  'infra/src/admin/replay.ts',
  'infra/src/admin/rebuild-projections.ts',
  // Thread entries, loaded by file name at run time.
  'services/crisis/src/crisis-thread.ts',
  'services/query/src/infra/projector-thread-entry.ts',
];

/** node_modules packages stay external; the workspaces are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@reflections/') ? undefined : { path: args.path, external: true }));
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outdir,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  // Error names and stack traces stay readable in the logs.
  keepNames: true,
  tsconfig: path.join(root, 'tsconfig.json'),
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
for (const [file, { bytes }] of outputs) console.log(`${path.relative(root, path.resolve(root, file))}  ${(bytes / 1024).toFixed(0)} KB`);
