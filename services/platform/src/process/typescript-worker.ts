import { Worker, type WorkerOptions } from 'node:worker_threads';

const TSX = require.resolve('tsx/cjs/api');

/** `node --import tsx` already gives threads TypeScript; jest (or a compiled build) does not. */
const runsTsx = process.execArgv.some((arg, i) => arg === 'tsx' && process.execArgv[i - 1] === '--import');

/**
 * Node options for a worker whose own script is JavaScript and which loads TypeScript
 * modules (a piscina pool's): `--import tsx` unless this process already passes it on.
 */
export const tsxExecArgv = (): string[] | undefined => (runsTsx ? undefined : ['--import', 'tsx']);

/**
 * A worker thread running a TypeScript module. Node 20 does not carry `--import tsx` into
 * a worker's own script (it fails on the `.ts` extension), so the thread registers tsx
 * itself, then requires the module: the same whether this process runs under tsx or jest.
 */
export function typescriptWorker(entry: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  return new Worker(`require(${JSON.stringify(TSX)}).register(); require(${JSON.stringify(entry)});`, { ...options, eval: true, execArgv: [] });
}
