import { describeFailure } from './parked-events';

describe('what a parked event keeps of its error', () => {
  it("keeps a handler error's name and message without what it quotes", () => {
    let thrown: unknown;
    try {
      JSON.parse('{"firstName": "Words only the member wrote"');
    } catch (error) {
      thrown = error;
    }
    const described = describeFailure(thrown);
    expect(described.name).toBe('SyntaxError');
    expect(described.message).not.toContain('Words only');
    expect(describeFailure(new Error(`the title "Words only the member wrote" is too long`)).message).toBe(
      'the title "…" is too long',
    );
  });

  it('keeps of a database error its SQLSTATE and schema names, never its message, detail or where', () => {
    const error = Object.assign(
      new Error(
        `INSERT INTO user_accounts VALUES ('Words only') - duplicate key value violates unique constraint "user_accounts_email_unique"`,
      ),
      {
        name: 'UniqueConstraintViolationException',
        sqlState: '23505',
        detail: 'Key (email)=(words@example.com) already exists.',
        where: 'SQL statement "Words only"',
        table: 'user_accounts',
        constraint: 'user_accounts_email_unique',
      },
    );
    expect(describeFailure(error)).toEqual({
      name: 'UniqueConstraintViolationException',
      code: '23505',
      message:
        'integrity constraint violation (SQLSTATE 23505) on user_accounts, constraint user_accounts_email_unique',
    });
  });
});
