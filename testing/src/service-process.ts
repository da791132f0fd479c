import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export type ServiceProcess = {
  process: ChildProcess;
  /** Everything it printed so far (for a failing test's message). */
  output: () => string;
  /** SIGTERM and wait for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL: dies at once, mid-work, holding whatever it held. */
  kill: () => Promise<void>;
};

/**
 * Starts one of the services' main files as its own OS process (as `npm start --workspace`
 * would) and resolves once it printed `ready`. Rejects if it exits first. A `.js` main (the
 * compiled build's) runs on plain node, as in the images.
 */
export async function startServiceProcess(
  mainFile: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<ServiceProcess> {
  const file = path.resolve(ROOT, mainFile);
  const args = file.endsWith('.js') ? ['--enable-source-maps', file] : ['--import', 'tsx', file];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${mainFile} did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (data: Buffer) => {
      output += data.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${mainFile} exited (${code}) before it was ready:\n${output}`));
    });
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { process: child, output: () => output, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}
