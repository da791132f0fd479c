import { safeError } from './safe-error';

const MEMBER_TEXT = 'the night I almost did not call anyone';

describe('what of an error is logged', () => {
  it("keeps a PostgreSQL error's message and code, and drops its detail, where and parameters", () => {
    const error = Object.assign(
      new Error('new row for relation "entries" violates check constraint "entries_words_check"'),
      {
        code: '23514',
        severity: 'ERROR',
        detail: `Failing row contains (${MEMBER_TEXT}).`,
        where: `SQL function with "${MEMBER_TEXT}"`,
        parameters: [MEMBER_TEXT],
      },
    );

    const logged = JSON.stringify(safeError(error));

    expect(logged).toContain('entries_words_check');
    expect(logged).toContain('23514');
    expect(logged).not.toContain('almost did not call');
  });

  it('drops the query, values, detail and hint MikroORM folds into its message', () => {
    const error = Object.assign(
      new Error(
        `insert into "entries" ("words") values ('${MEMBER_TEXT}') - value too long for type character varying(10)\n - detail: ${MEMBER_TEXT}\n - hint: ${MEMBER_TEXT}`,
      ),
      {
        name: 'DriverException',
        sqlState: '22001',
      },
    );

    const logged = safeError(error);

    expect(logged.message).toBe('value too long for type character varying(10)');
    expect(JSON.stringify(logged)).not.toContain('almost did not call');
  });

  it('cuts the query at its own separator, not at a " - " inside a value', () => {
    const error = Object.assign(
      new Error(
        `insert into "entries" ("words") values ('some nights - ${MEMBER_TEXT}') - value too long for type character varying(10)`,
      ),
      {
        name: 'DriverException',
        sqlState: '22001',
        table: 'entries',
      },
    );

    expect(safeError(error)).toMatchObject({
      message: 'value too long for type character varying(10)',
      table: 'entries',
    });
  });

  it('hides a quoted value in a database message', () => {
    const error = Object.assign(new Error(`invalid input syntax for type uuid: "a - ${MEMBER_TEXT}"`), {
      code: '22P02',
      severity: 'ERROR',
    });

    expect(safeError(error).message).toBe('invalid input syntax for type uuid: "[redacted]"');
  });

  it("keeps an ordinary bug's message, stack frames and cause", () => {
    const error = new TypeError('Cannot read properties of undefined', { cause: new Error('inner') });

    const logged = safeError(error);

    expect(logged).toMatchObject({
      name: 'TypeError',
      message: 'Cannot read properties of undefined',
      cause: { message: 'inner' },
    });
    expect(logged.stack).toMatch(/^TypeError: Cannot read properties of undefined\n\s+at /);
  });
});
