import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

describe('nameThisThread', () => {
  it('gives the thread that calls it its name in /proc, leaving the other threads theirs', async () => {
    const module = require.resolve('./thread-name');
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
       require(${JSON.stringify(module)}).nameThisThread('projectors-and-more');
       parentPort.postMessage(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());`,
      { eval: true },
    );
    const tid = await new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    try {
      expect(fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()).toBe('projectors-and-');
      expect(fs.readFileSync('/proc/thread-self/comm', 'utf8').trim()).not.toBe('projectors-and-');
    } finally {
      await worker.terminate();
    }
  });
});
