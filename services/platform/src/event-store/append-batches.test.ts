import { AppendBatches, type AppendRequest, type AppendRow, type AppendStatements } from './append-batches';

const request = (streamName: string, expected: AppendRequest['expected'] = 'no_stream'): AppendRequest => ({
  streamName,
  events: [],
  expected,
});
const claimed = (revision: number): AppendRow => ({
  next_revision: String(revision),
  transaction_id: '7',
  last_sequence: String(revision),
});
const unclaimed: AppendRow = { next_revision: null, transaction_id: '7', last_sequence: null };

/**
 * Statements that record what was sent and answer as told; the database's side is tested in
 * postgres-event-store.test.ts. An append to the stream 'busy' is held until release(): while
 * it is in flight, the appends of a turn are batched.
 */
function recordingStatements(answer: { many?: (requests: readonly AppendRequest[]) => Promise<AppendRow[]> } = {}) {
  const sent: string[][] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const statements: AppendStatements = {
    one: async (asked) => {
      sent.push([asked.streamName]);
      if (asked.streamName === 'busy') await held;
      return claimed(0);
    },
    many: async (asked) => {
      sent.push(asked.map((r) => r.streamName));
      return answer.many ? answer.many(asked) : asked.map((_, i) => claimed(i));
    },
  };
  return { sent, statements, release };
}

describe('AppendBatches', () => {
  it('sends the first append of a quiet moment at once and the rest of its turn as one batch, answering each with its own row', async () => {
    const { sent, statements } = recordingStatements();
    const batches = new AppendBatches(statements);
    const rows = await Promise.all(['a', 'b', 'c', 'd'].map((stream) => batches.append(request(stream))));
    expect(sent).toEqual([['a'], ['b', 'c', 'd']]);
    expect(rows.map((row) => row.next_revision)).toEqual(['0', '0', '1', '2']);
  });

  it('batches a turn asked for while an append is in flight', async () => {
    let finishFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (finishFirst = resolve));
    const sent: string[][] = [];
    const batches = new AppendBatches({
      one: async (asked) => {
        sent.push([asked.streamName]);
        if (asked.streamName === 'a') await firstHeld;
        return claimed(0);
      },
      many: async (asked) => {
        sent.push(asked.map((r) => r.streamName));
        return asked.map((_, i) => claimed(i));
      },
    });
    const first = batches.append(request('a'));
    await new Promise((resolve) => setImmediate(resolve));
    const later = Promise.all(['b', 'c'].map((stream) => batches.append(request(stream))));
    await new Promise((resolve) => setImmediate(resolve));
    finishFirst();
    await Promise.all([first, later]);
    expect(sent).toEqual([['a'], ['b', 'c']]);
  });

  it('sends a lone append alone', async () => {
    const { sent, statements } = recordingStatements();
    await new AppendBatches(statements).append(request('a'));
    expect(sent).toEqual([['a']]);
  });

  it('sends a stream asked for twice in a turn once in the batch and once alone', async () => {
    const { sent, statements, release } = recordingStatements();
    const batches = new AppendBatches(statements);
    const busy = batches.append(request('busy'));
    await Promise.all(['a', 'b', 'a'].map((stream) => batches.append(request(stream))));
    release();
    await busy;
    expect(sent).toContainEqual(['a', 'b']);
    expect(sent).toContainEqual(['a']);
    expect(sent).toHaveLength(3);
  });

  it('never puts a stream into a second batch while a first one holding it is in flight', async () => {
    let finishFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (finishFirst = resolve));
    const { sent, statements, release } = recordingStatements({
      many: async (asked) => {
        if (asked[0].streamName === 'a') await firstHeld;
        return asked.map((_, i) => claimed(i));
      },
    });
    const batches = new AppendBatches(statements);
    const busy = batches.append(request('busy'));
    const first = Promise.all(['a', 'b'].map((stream) => batches.append(request(stream))));
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all(['b', 'c', 'd'].map((stream) => batches.append(request(stream))));
    await new Promise((resolve) => setImmediate(resolve));
    finishFirst();
    release();
    await Promise.all([busy, first, second]);
    expect(sent).toEqual([['busy'], ['a', 'b'], ['b'], ['c', 'd']]);
  });

  it('makes every append of a failed batch alone, so one refusal stays its own', async () => {
    const { sent, statements, release } = recordingStatements({
      many: async () => Promise.reject(new Error('refused')),
    });
    const batches = new AppendBatches(statements);
    const busy = batches.append(request('busy'));
    const rows = await Promise.all(['a', 'b'].map((stream) => batches.append(request(stream))));
    release();
    await busy;
    expect(sent).toEqual([['busy'], ['a', 'b'], ['a'], ['b']]);
    expect(rows.map((row) => row.next_revision)).toEqual(['0', '0']);
  });

  it("retries alone an 'any' append the batch could not claim, and answers other unclaimed appends as they are", async () => {
    const { sent, statements, release } = recordingStatements({ many: async () => [unclaimed, unclaimed] });
    const batches = new AppendBatches(statements);
    const busy = batches.append(request('busy'));
    const rows = await Promise.all([batches.append(request('a', 'any')), batches.append(request('b', 'no_stream'))]);
    release();
    await busy;
    expect(sent).toEqual([['busy'], ['a', 'b'], ['a']]);
    expect(rows).toEqual([claimed(0), unclaimed]);
  });

  it('splits a turn with more appends than one statement should carry', async () => {
    const { sent, statements, release } = recordingStatements();
    const batches = new AppendBatches(statements);
    const busy = batches.append(request('busy'));
    await Promise.all(Array.from({ length: 70 }, (_, i) => batches.append(request(`s${i}`))));
    release();
    await busy;
    expect(sent.map((streams) => streams.length)).toEqual([1, 64, 6]);
  });
});
