import type { Logger } from "drizzle-orm";

/**
 * The statements a test server runs, as Drizzle reports them (its `logger`): every query a module
 * builds or prepares, inside a transaction or not. The tests count the statements of one request with
 * `during` to fail on a query per row (N+1).
 */
export class QueryLog implements Logger {
  readonly statements: string[] = [];

  logQuery(query: string): void {
    this.statements.push(query);
  }

  /** The statements run while `work` runs (nothing else may use the server meanwhile). */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const from = this.statements.length;
    const result = await work();
    return { result, statements: this.statements.slice(from) };
  }
}
