import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export type ClusterProcess = { name: string; child: ChildProcess; stop: () => Promise<void> };

/** After SIGTERM, a process gets this long to finish its work before SIGKILL. */
const STOP_GRACE_MS = 15_000;

/**
 * Starts one process of the cluster in a process group of its own (Ctrl-C reaches only
 * the launcher, which stops them in order), its output prefixed with its name, and
 * resolves once a line matches `ready`. Rejects if it exits first.
 */
export function startClusterProcess(
  name: string,
  file: string,
  args: string[],
  options: { env?: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<ClusterProcess> {
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
  };
  return new Promise<ClusterProcess>((resolve, reject) => {
    let started = false;
    const timer = setTimeout(() => {
      reject(new Error(`${name} did not start in ${options.timeoutMs ?? 60_000} ms`));
      void stop();
    }, options.timeoutMs ?? 60_000);
    const relay = (stream: NodeJS.WritableStream) => (data: Buffer) => {
      for (const line of data
        .toString()
        .split('\n')
        .filter((l) => l.trim() !== '')) {
        stream.write(`[${name}] ${line}\n`);
        if (!started && options.ready.test(line)) {
          started = true;
          clearTimeout(timer);
          resolve({ name, child, stop });
        }
      }
    };
    child.stdout?.on('data', relay(process.stdout));
    child.stderr?.on('data', relay(process.stderr));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`${name} exited (${code ?? signal}) before it was ready`));
    });
  });
}

/** A service's main file, run as `npm start --workspace` would. */
export const nodeScript = (relativePath: string) => ({
  file: process.execPath,
  args: ['--import', 'tsx', path.join(ROOT, relativePath)],
});
