/** A contains-pattern for ILIKE in which `%`, `_` and `\\` typed by a user match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
