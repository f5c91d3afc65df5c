import type { Db } from "./client.ts";

/**
 * Issue 21: a read that runs on every request as a prepared statement, built once per database and per
 * shape, instead of building its SQL on each request (Drizzle's query building was about a fifth of the
 * shipment list's server CPU on PostgreSQL). The shape is what changes the statement's text (e.g. which
 * optional filters are set, how many words a search has); the values go in as placeholders at `execute`.
 * Each shape's statement has its own name, `<name>_<key>`: PostgreSQL prepares it once per connection.
 *
 *   const pageOf = preparedPerShape("shipment_page", (db, shape: { status: boolean }) => db.select()…);
 *   await pageOf(db, { status: true }).execute({ memberId, status });
 *
 * `build` receives the statement's name to pass to Drizzle's `.prepare(name)`.
 */
export function preparedPerShape<S extends Record<string, boolean | number>, P>(
  name: string,
  build: (db: Db, shape: S, statementName: string) => P,
): (db: Db, shape: S) => P {
  const byDb = new WeakMap<Db, Map<string, P>>();
  return (db, shape) => {
    let ofDb = byDb.get(db);
    if (!ofDb) byDb.set(db, (ofDb = new Map<string, P>()));
    const key = Object.keys(shape)
      .sort()
      .map((field) => `${field}${Number(shape[field])}`)
      .join("_");
    let statement = ofDb.get(key);
    if (!statement) ofDb.set(key, (statement = build(db, shape, key ? `${name}_${key}` : name)));
    return statement;
  };
}
