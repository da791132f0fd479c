import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Whether this code runs compiled (`npm run build:services` bundles every process and each
 * thread's entry into one folder of .js files) rather than as TypeScript (tsx or jest).
 */
const compiled = __filename.endsWith('.js');

/** `node --import tsx` already gives threads TypeScript; jest (or a compiled build) does not. */
const runsTsx = process.execArgv.some((arg, i) => arg === 'tsx' && process.execArgv[i - 1] === '--import');

/**
 * A thread's entry module beside the caller: `name.ts` in the sources, `name.js` in the
 * compiled build (where every entry sits in the caller's folder, see infra/build-services.mjs).
 */
export const threadEntry = (callerDir: string, name: string): string =>
  path.join(callerDir, `${name}${compiled ? '.js' : '.ts'}`);

/**
 * Node options for a worker whose own script is JavaScript and which loads TypeScript
 * modules (a piscina pool's): `--import tsx` unless this process already passes it on
 * or runs compiled.
 */
export const tsxExecArgv = (): string[] | undefined => (runsTsx || compiled ? undefined : ['--import', 'tsx']);

/**
 * A worker thread running a TypeScript module. Node 20 does not carry `--import tsx` into
 * a worker's own script (it fails on the `.ts` extension), so the thread registers tsx
 * itself, then requires the module: the same whether this process runs under tsx or jest.
 * A compiled entry (.js) runs as it is.
 */
export function typescriptWorker(entry: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  if (entry.endsWith('.js')) return new Worker(entry, { ...options, execArgv: [] });
  const tsx = require.resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`, {
    ...options,
    eval: true,
    execArgv: [],
  });
}
