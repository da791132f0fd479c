import type { MikroORM } from '@mikro-orm/postgresql';
import { useStoreAndReadModels } from '../testing/store-and-read-models';
import { boundQuery } from './bound-query';
import { copyRows, copyStatement, copyText } from './copy-rows';

type Row = { id: number; note: string | null; done: boolean; at: string };
const COLUMNS = ['id', 'note', 'done', 'at'] as const;

describe('copying rows in with COPY', () => {
  let orm: MikroORM;
  useStoreAndReadModels((fresh) => ({ orm } = fresh));

  it('stores every value as it was, whatever its text holds, and nothing once its transaction fails', async () => {
    await orm.em
      .fork()
      .execute('CREATE TABLE copied_rows (id integer PRIMARY KEY, note text, done boolean, at timestamptz)');
    const rows: Row[] = [
      {
        id: 1,
        note: 'tab\there, newline\nthere, return\r, backslash \\ and \\N',
        done: true,
        at: '2026-11-02T09:00:00.000Z',
      },
      { id: 2, note: null, done: false, at: '2026-11-02T09:00:00.123Z' },
      { id: 3, note: '\\.', done: false, at: '2026-11-02T10:00:00Z' },
      { id: 4, note: 'émoji 🔥 and "quotes", commas', done: true, at: '2026-11-02T11:00:00.000Z' },
    ];
    await orm.em
      .fork()
      .transactional((em) => copyRows(em, copyStatement('copied_rows', COLUMNS), copyText(rows, COLUMNS)));

    // One row already there: the whole COPY fails and its transaction leaves nothing.
    await expect(
      orm.em
        .fork()
        .transactional((em) =>
          copyRows(em, copyStatement('copied_rows', COLUMNS), copyText([{ ...rows[0], id: 5 }, rows[1]], COLUMNS)),
        ),
    ).rejects.toThrow(/duplicate key/);

    const stored = await boundQuery<Row>(
      orm.em.fork(),
      `SELECT id, note, done, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM copied_rows ORDER BY id`,
      [],
    );
    expect(stored).toEqual(rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })));
  });
});
