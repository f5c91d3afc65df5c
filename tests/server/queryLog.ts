import type { Logger } from "drizzle-orm";

/**
 * The statements a test server runs, as Drizzle reports them (its `logger`): every query a module
 * builds or prepares, inside a transaction or not, with its parameters. The tests count the statements
 * of one request with `during` to fail on a query per row (N+1), and explain them (listIndexes.test.ts).
 */
export class QueryLog implements Logger {
  readonly statements: string[] = [];
  readonly params: unknown[][] = [];

  logQuery(query: string, params: unknown[]): void {
    this.statements.push(query);
    this.params.push(params);
  }

  /** The statements (and their parameters) run while `work` runs (nothing else may use the server meanwhile). */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[]; params: unknown[][] }> {
    const from = this.statements.length;
    const result = await work();
    return { result, statements: this.statements.slice(from), params: this.params.slice(from) };
  }
}
