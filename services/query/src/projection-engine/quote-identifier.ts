/** A table or column name as PostgreSQL reads it verbatim, whatever it holds. */
export const quoteIdentifier = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** A text as an SQL string literal, for statements sent as one text without parameters. */
export const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;
