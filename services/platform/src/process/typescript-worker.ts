import { Worker, type WorkerOptions } from 'node:worker_threads';

const TSX = require.resolve('tsx/cjs/api');

/**
 * A worker thread running a TypeScript module. Node 20 does not carry `--import tsx` into
 * a worker's own script (it fails on the `.ts` extension), so the thread registers tsx
 * itself, then requires the module: the same whether this process runs under tsx or jest.
 */
export function typescriptWorker(entry: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'> = {}): Worker {
  return new Worker(`require(${JSON.stringify(TSX)}).register(); require(${JSON.stringify(entry)});`, { ...options, eval: true, execArgv: [] });
}
