/** A table or column name as PostgreSQL reads it verbatim, whatever it holds. */
export const quoteIdentifier = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
