import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from './process-alive';

const lockFile = (dataDir: string) => path.join(dataDir, 'app.pid');

/** The process id DATA_DIR/app.pid names, or null when there is none. */
function markedPid(dataDir: string): number | null {
  try {
    return Number(fs.readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
}

/** The process id of another app running on this data folder, or null (none, or its file outlived it). */
export function otherAppOn(dataDir: string): number | null {
  const pid = markedPid(dataDir);
  return pid !== null && pid > 0 && pid !== process.pid && isProcessAlive(pid) ? pid : null;
}

/**
 * Marks the data folder as this process's app (DATA_DIR/app.pid), so that a later start can
 * tell a PostgreSQL that app left behind when it was killed from one another app still
 * uses. Answers the release, which removes the mark if it is still this process's.
 */
export function holdDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockFile(dataDir), `${process.pid}\n`);
  return () => {
    if (markedPid(dataDir) === process.pid) fs.rmSync(lockFile(dataDir), { force: true });
  };
}
