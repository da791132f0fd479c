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

/** Statements that record what was sent and answer as told; the database's side is tested in postgres-event-store.test.ts. */
function recordingStatements(answer: { many?: (requests: readonly AppendRequest[]) => Promise<AppendRow[]> } = {}) {
  const sent: string[][] = [];
  const statements: AppendStatements = {
    one: async (asked) => {
      sent.push([asked.streamName]);
      return claimed(0);
    },
    many: async (asked) => {
      sent.push(asked.map((r) => r.streamName));
      return answer.many ? answer.many(asked) : asked.map((_, i) => claimed(i));
    },
  };
  return { sent, statements };
}

describe('AppendBatches', () => {
  it('sends the appends asked for in one turn as one batch, answering each with its own row', async () => {
    const { sent, statements } = recordingStatements();
    const batches = new AppendBatches(statements);
    const rows = await Promise.all(['a', 'b', 'c'].map((stream) => batches.append(request(stream))));
    expect(sent).toEqual([['a', 'b', 'c']]);
    expect(rows.map((row) => row.next_revision)).toEqual(['0', '1', '2']);
  });

  it('sends a lone append alone', async () => {
    const { sent, statements } = recordingStatements();
    await new AppendBatches(statements).append(request('a'));
    expect(sent).toEqual([['a']]);
  });

  it('sends a stream asked for twice in a turn once in the batch and once alone', async () => {
    const { sent, statements } = recordingStatements();
    const batches = new AppendBatches(statements);
    await Promise.all(['a', 'b', 'a'].map((stream) => batches.append(request(stream))));
    expect(sent).toContainEqual(['a', 'b']);
    expect(sent).toContainEqual(['a']);
    expect(sent).toHaveLength(2);
  });

  it('never puts a stream into a second batch while a first one holding it is in flight', async () => {
    let finishFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (finishFirst = resolve));
    const { sent, statements } = recordingStatements({
      many: async (asked) => {
        if (asked[0].streamName === 'a') await firstHeld;
        return asked.map((_, i) => claimed(i));
      },
    });
    const batches = new AppendBatches(statements);
    const first = Promise.all(['a', 'b'].map((stream) => batches.append(request(stream))));
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all(['b', 'c', 'd'].map((stream) => batches.append(request(stream))));
    await new Promise((resolve) => setImmediate(resolve));
    finishFirst();
    await Promise.all([first, second]);
    expect(sent).toEqual([['a', 'b'], ['b'], ['c', 'd']]);
  });

  it('makes every append of a failed batch alone, so one refusal stays its own', async () => {
    const { sent, statements } = recordingStatements({ many: async () => Promise.reject(new Error('refused')) });
    const batches = new AppendBatches(statements);
    const rows = await Promise.all(['a', 'b'].map((stream) => batches.append(request(stream))));
    expect(sent).toEqual([['a', 'b'], ['a'], ['b']]);
    expect(rows.map((row) => row.next_revision)).toEqual(['0', '0']);
  });

  it("retries alone an 'any' append the batch could not claim, and answers other unclaimed appends as they are", async () => {
    const { sent, statements } = recordingStatements({ many: async () => [unclaimed, unclaimed] });
    const batches = new AppendBatches(statements);
    const rows = await Promise.all([batches.append(request('a', 'any')), batches.append(request('b', 'no_stream'))]);
    expect(sent).toEqual([['a', 'b'], ['a']]);
    expect(rows).toEqual([claimed(0), unclaimed]);
  });

  it('splits a turn with more appends than one statement should carry', async () => {
    const { sent, statements } = recordingStatements();
    const batches = new AppendBatches(statements);
    await Promise.all(Array.from({ length: 70 }, (_, i) => batches.append(request(`s${i}`))));
    expect(sent.map((streams) => streams.length)).toEqual([64, 6]);
  });
});
