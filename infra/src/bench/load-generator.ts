import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { typescriptWorker } from '@reflections/platform/process/typescript-worker';

/** One client's requests in a round: sent one after another, each when the last was answered. */
export type ClientPlan = { url: string; headers: Record<string, string>; bodies: string[] };

export type WriteRound = {
  perSecond: number;
  /** Every answer's X-Position header, for waiting on the projectors. */ positions: string[];
};

/** A route to read, and how many rows each of its answers must hold. */
export type ReadTarget = { url: string; headers: Record<string, string>; expectRows: number };

export type ReadRound = { /** Milliseconds, sorted, one list per target in the order asked. */ latencies: number[][] };

export type ToLoadGenerator =
  { type: 'writes'; clients: ClientPlan[] } | { type: 'reads'; targets: ReadTarget[]; count: number; untimed: number };

export type FromLoadGenerator =
  { type: 'writes'; round: WriteRound } | { type: 'reads'; round: ReadRound } | { type: 'failed'; message: string };

/**
 * The benchmark's clients, in a thread of their own (node:http with keep-alive). On the
 * servers' own event loop a client's work would sit in the path of every request and
 * flatter whichever route does more per request; here it runs beside them, as a real
 * client on another machine would, and both routes pay the same for it.
 */
export class LoadGenerator {
  private constructor(private readonly worker: Worker) {}

  static async start(): Promise<LoadGenerator> {
    const worker = typescriptWorker(path.join(__dirname, 'load-generator-thread.ts'));
    await new Promise<void>((resolve, reject) => {
      worker.once('online', resolve);
      worker.once('error', reject);
    });
    return new LoadGenerator(worker);
  }

  /** Every client sends its bodies (POST) at once with the others: writes per second over the whole round. */
  async writes(clients: ClientPlan[]): Promise<WriteRound> {
    const answer = await this.ask({ type: 'writes', clients });
    if (answer.type !== 'writes') throw new Error('load generator answered out of turn');
    return answer.round;
  }

  /**
   * `untimed + count` GETs of each target, one after another, the targets taking turns
   * request by request; for each target, the latencies of its last `count`.
   */
  async reads(targets: ReadTarget[], count: number, untimed: number): Promise<number[][]> {
    const answer = await this.ask({ type: 'reads', targets, count, untimed });
    if (answer.type !== 'reads') throw new Error('load generator answered out of turn');
    return answer.round.latencies;
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private ask(message: ToLoadGenerator): Promise<FromLoadGenerator> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.worker.once('error', onError);
      this.worker.once('message', (answer: FromLoadGenerator) => {
        this.worker.off('error', onError);
        if (answer.type === 'failed') reject(new Error(answer.message));
        else resolve(answer);
      });
      this.worker.postMessage(message);
    });
  }
}
