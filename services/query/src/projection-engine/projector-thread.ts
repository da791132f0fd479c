import type { Worker } from 'node:worker_threads';
import { typescriptWorker } from '@reflections/platform/process/typescript-worker';
import { BoardProgress } from './board-progress';
import { CheckpointBoard } from './projection-progress';
import type { FromProjectorThread, ProjectorThreadData, ToProjectorThread } from './projector-thread-messages';
import { logger } from '@reflections/platform/log/logger';

/** After the thread dies, wait this long before starting it again (and between failed starts). */
const RESTART_DELAY_MS = 1_000;
const STOP_TIMEOUT_MS = 10_000;
/** The key of readers that wait for every projector: no projector has this name. */
const ALL = '*';

/**
 * The query service's projectors in a worker thread of their own, so that their
 * transactions, entity bookkeeping and event parsing never hold the event loop that
 * answers requests, and use the second core while it does. The thread reports its
 * checkpoints (at once while a reader here waits, otherwise at most every 50 ms);
 * read-your-writes and live updates read those reports here. A thread that dies is started again from the stored checkpoints (each
 * batch commits with its checkpoint, so nothing is applied twice or lost), and meanwhile
 * the checkpoints it last reported still hold: the read models still contain that much.
 */
export class ProjectorThread extends BoardProgress {
  protected readonly board = new CheckpointBoard((readModels) => this.readerWaits(readModels));
  private worker: Worker | null = null;
  private stopping = false;
  /** Readers waiting here, per projector they wait for (ALL: every one). */
  private readonly readers = new Map<string, number>();
  /** The last `readers` message sent, as its key. */
  private told = '';
  private nextCall = 0;
  private readonly caughtUpCalls = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly data: ProjectorThreadData,
    private readonly entry: string,
  ) {
    super();
  }

  /**
   * Resolves once every projector has started in the thread; rejects if the thread cannot start.
   * `entry` is the service's thread script, which calls runProjectorThread with its composition.
   */
  static async start(data: ProjectorThreadData, entry: string): Promise<ProjectorThread> {
    const thread = new ProjectorThread(data, entry);
    await thread.spawn();
    return thread;
  }

  caughtUp(): Promise<void> {
    const id = this.nextCall++;
    return new Promise<void>((resolve, reject) => {
      this.caughtUpCalls.set(id, { resolve, reject });
      this.send({ type: 'caughtUp', id });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const worker = this.worker;
    if (!worker) return;
    const stopped = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, STOP_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      worker.on('message', (message: FromProjectorThread) => message.type === 'stopped' && done());
      worker.once('exit', done);
    });
    this.send({ type: 'stop' });
    await stopped;
    await worker.terminate();
  }

  private send(message: ToProjectorThread) {
    this.worker?.postMessage(message);
  }

  /** Readers here keep the projectors they wait for there from resting, as they would in one thread. */
  readerWaits(readModels?: readonly string[]): () => void {
    const names = readModels ?? [ALL];
    names.forEach((name) => this.readers.set(name, (this.readers.get(name) ?? 0) + 1));
    this.tellReaders();
    return () => {
      for (const name of names) {
        const left = (this.readers.get(name) ?? 1) - 1;
        if (left > 0) this.readers.set(name, left);
        else this.readers.delete(name);
      }
      this.tellReaders();
    };
  }

  /** Says which projectors readers wait for, when that changed (and always after a restart, when `told` was reset). */
  private tellReaders() {
    const message = this.readersMessage();
    const key = JSON.stringify(message);
    if (key === this.told) return;
    this.told = key;
    this.send(message);
  }

  private readersMessage(): ToProjectorThread {
    if (this.readers.size === 0) return { type: 'readers', waiting: false };
    if (this.readers.has(ALL)) return { type: 'readers', waiting: true };
    return { type: 'readers', waiting: true, readModels: [...this.readers.keys()].sort() };
  }

  private spawn(): Promise<void> {
    const worker = typescriptWorker(this.entry, { workerData: this.data, name: 'projectors' });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      let started = false;
      worker.on('message', (message: FromProjectorThread) => {
        if (message.type === 'progress') {
          this.board.report(message.checkpoints);
          message.applied.forEach((applied) => this.board.applied(applied));
        } else if (message.type === 'started') {
          started = true;
          this.board.report(message.checkpoints);
          this.told = '';
          if (this.readers.size > 0) this.tellReaders();
          resolve();
        } else if (message.type === 'caughtUp') {
          this.caughtUpCalls.get(message.id)?.resolve();
          this.caughtUpCalls.delete(message.id);
        }
      });
      worker.on('error', (error) => {
        if (started) logger.error({ err: error }, 'the projector thread failed');
        else reject(error);
      });
      worker.once('exit', (code) => {
        if (!started) reject(new Error(`the projector thread ended (exit code ${code}) before its projectors started`));
        for (const call of this.caughtUpCalls.values()) call.reject(new Error('the projector thread ended'));
        this.caughtUpCalls.clear();
        if (this.worker !== worker) return;
        this.worker = null;
        if (!started || this.stopping) return;
        logger.error({ exitCode: code }, 'the projector thread ended; starting it again from the stored checkpoints');
        this.restart();
      });
    });
  }

  private restart() {
    setTimeout(() => {
      if (this.stopping) return;
      this.spawn().catch((error: unknown) => {
        logger.error({ err: error }, 'the projector thread could not start again; trying again');
        this.restart();
      });
    }, RESTART_DELAY_MS);
  }
}
