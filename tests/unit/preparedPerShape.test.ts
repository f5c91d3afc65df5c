import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { MAX_SHAPES, preparedPerShape } from "../../server/db/prepared.ts";

/** Two stand-ins for databases: the helper only keys its statements by them (the build here never touches them). */
const dbA = {} as Db;
const dbB = {} as Db;

describe("preparedPerShape (issue 21: a read prepared once per database and shape)", () => {
  it("builds a shape's statement once per database, named by its values in the order of the sorted fields", () => {
    const built: string[] = [];
    const statement = preparedPerShape("order_page", (_db, shape: { status: boolean; words: number }, name) => {
      built.push(name);
      return { name, shape };
    });
    const first = statement(dbA, { words: 2, status: true });
    expect(statement(dbA, { status: true, words: 2 })).toBe(first);
    expect(first.name).toBe("order_page_12");
    expect(statement(dbA, { status: false, words: 2 }).name).toBe("order_page_02");
    expect(statement(dbB, { status: true, words: 2 })).not.toBe(first);
    expect(built).toEqual(["order_page_12", "order_page_02", "order_page_12"]);
  });

  it("keeps two shapes apart when a value has two digits", () => {
    const statement = preparedPerShape("search", (_db, shape: { a: number; b: number }, name) => name);
    expect(statement(dbA, { a: 1, b: 12 })).toBe("search_1_12");
    expect(statement(dbA, { a: 11, b: 2 })).toBe("search_11_2");
  });

  it("a shape without fields is the name alone", () => {
    expect(preparedPerShape("verify_access_token", (_db, _shape: Record<string, never>, name) => name)(dbA, {})).toBe(
      "verify_access_token",
    );
  });

  it("refuses a name PostgreSQL would cut at 63 bytes (two shapes would share one statement)", () => {
    const statement = preparedPerShape("x".repeat(60), (_db, shape: { a: number; b: number }, name) => name);
    expect(statement(dbA, { a: 1, b: 2 })).toBe(`${"x".repeat(60)}_12`);
    expect(() => statement(dbA, { a: 10, b: 2 })).toThrow(/longer than 63 bytes/);
  });

  it("keeps at most MAX_SHAPES shapes prepared; a further shape runs unnamed, built on each call", () => {
    let builds = 0;
    const statement = preparedPerShape("many", (_db, shape: { n: number }, name) => {
      builds++;
      return { name, n: shape.n };
    });
    for (let n = 0; n < MAX_SHAPES; n++) expect(statement(dbA, { n }).name).toBe(`many_${n}`);
    expect(builds).toBe(MAX_SHAPES);
    // a kept shape is still the kept statement
    expect(statement(dbA, { n: 3 }).name).toBe("many_3");
    expect(builds).toBe(MAX_SHAPES);
    // one more: unnamed (PostgreSQL keeps nothing of it), and not kept
    expect(statement(dbA, { n: MAX_SHAPES }).name).toBe("");
    expect(statement(dbA, { n: MAX_SHAPES }).name).toBe("");
    expect(builds).toBe(MAX_SHAPES + 2);
    // another database has its own
    expect(statement(dbB, { n: MAX_SHAPES }).name).toBe(`many_${MAX_SHAPES}`);
  });
});
