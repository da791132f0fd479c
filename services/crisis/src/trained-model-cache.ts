import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A trained model kept on disk between processes, under a key made of everything its training
 * reads. Only the test run sets a directory (CRISIS_MODEL_CACHE_DIR, in the repository's
 * .test-data): dozens of test files and the service processes they start each trained the same
 * model, about a second of CPU apiece. A server trains its own at start and reads no file a
 * stranger could have left for it.
 */
export type TrainedModelCache = {
  read(): string | null;
  write(model: string): void;
};

export function trainedModelCache(directory: string, ...keyParts: readonly string[]): TrainedModelCache {
  const key = createHash('sha256').update(keyParts.join('\0')).digest('hex');
  const file = path.join(directory, `${key}.json`);
  return {
    read: () => {
      try {
        return fs.readFileSync(file, 'utf8');
      } catch {
        return null;
      }
    },
    write: (model) => {
      try {
        fs.mkdirSync(directory, { recursive: true });
        // Written whole under another name first: a process reading meanwhile never sees half a model.
        const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        fs.writeFileSync(partial, model);
        fs.renameSync(partial, file);
      } catch {
        // Only a saving for the next process: this one has its model.
      }
    },
  };
}
