import fs from 'node:fs';

/**
 * Names the calling thread for the operating system (Linux keeps 15 characters), so that
 * `top -H`, `ps -L` and the benches' breakdowns tell a process's threads apart: Node gives
 * every worker thread the process's own name. Elsewhere, or without /proc, nothing happens.
 */
export function nameThisThread(name: string): void {
  try {
    fs.writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // Not Linux, or /proc not mounted: the thread keeps its name.
  }
}
