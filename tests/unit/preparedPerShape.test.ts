import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { preparedPerShape } from "../../server/db/prepared.ts";

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
});
