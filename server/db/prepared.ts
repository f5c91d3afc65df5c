import type { Db } from "./client.ts";

/** PostgreSQL's longest name (NAMEDATALEN - 1); a longer one is cut, silently. */
const MAX_NAME_BYTES = 63;

/**
 * The most shapes of one statement kept prepared per database. Each is kept in this process and, on
 * PostgreSQL, on every pooled connection until it closes: a list whose filters combine into thousands of
 * shapes must not let a user who tries them all grow either without end. Past the limit a new shape runs
 * unnamed (PostgreSQL parses it each time and keeps nothing) and is built on each call, as before.
 */
export const MAX_SHAPES = 32;

/**
 * Issue 21: a read that runs on every request as a prepared statement, built once per database and per
 * shape, instead of building its SQL on each request (Drizzle's building and row mapping were about a
 * fifth of the shipment list's server CPU on PostgreSQL). The shape is what changes the statement's text
 * (e.g. which optional filters are set, how many words a search has); the values go in as placeholders at
 * `execute`. Each shape's statement has its own name, `<name>_<shape>` (the shape's values in the order of
 * its sorted field names: `order_page_0000100000000020`): PostgreSQL prepares it once per connection, and
 * cuts a name at 63 bytes, so that two shapes would share one statement; a longer name is refused here.
 *
 *   const pageOf = preparedPerShape("shipment_page", (db, shape: { status: boolean }, name) =>
 *     db.select()….prepare(name));
 *   await pageOf(db, { status: true }).execute({ memberId, status });
 *
 * `build` receives the name to pass to Drizzle's `.prepare(name)` ("" past `MAX_SHAPES`: unnamed).
 */
export function preparedPerShape<S extends Record<string, boolean | number>, P>(
  name: string,
  build: (db: Db, shape: S, statementName: string) => P,
): (db: Db, shape: S) => P {
  const byDb = new WeakMap<Db, Map<string, P>>();
  return (db, shape) => {
    let ofDb = byDb.get(db);
    if (!ofDb) byDb.set(db, (ofDb = new Map<string, P>()));
    const values = Object.keys(shape)
      .sort()
      .map((field) => Number(shape[field]));
    const key = values.join(values.every((value) => value >= 0 && value <= 9 && Number.isInteger(value)) ? "" : "_");
    const kept = ofDb.get(key);
    if (kept) return kept;
    const statementName = key ? `${name}_${key}` : name;
    if (Buffer.byteLength(statementName) > MAX_NAME_BYTES)
      throw new Error(`prepared statement name longer than ${MAX_NAME_BYTES} bytes: ${statementName}`);
    if (ofDb.size >= MAX_SHAPES) return build(db, shape, "");
    const statement = build(db, shape, statementName);
    ofDb.set(key, statement);
    return statement;
  };
}
