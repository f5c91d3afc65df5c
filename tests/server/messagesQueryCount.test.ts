import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../server/db/schema.ts";
import { bodyOf, call } from "./cartHelpers.ts";
import { login, startServer, type TestServer } from "./fixture.ts";
import { memberIds } from "./members.ts";

/**
 * Issue 25: the message list costs the token look-up and one statement (the page with its count, `count(*) over
 * ()`) whatever the page holds (served by the indexes `messages_member_list` and `messages_member_urgency_list`).
 * A page past the end counts in a second statement. The unread count is one statement.
 */
let server: TestServer;
let token = "";
let acmeToken = "";

beforeAll(async () => {
  server = await startServer();
  const ids = await memberIds(server.db);
  token = (await login(server.app, "demo", "demo1234")).token;
  acmeToken = (await login(server.app, "acme", "acme1234")).token;
  // demo: many messages; acme keeps its few.
  await server.db.insert(messages).values(
    Array.from({ length: 120 }, (_, n) => ({
      memberId: ids.demo,
      kind: "announcement",
      params: { titleEn: `Bulk ${n}`, titleZh: `批量 ${n}`, contentEn: "x", contentZh: "x" },
      urgencyType: n % 3 === 0 ? 1 : 0,
      eventKey: `count-test:${n}`,
    })),
  );
});
afterAll(async () => {
  await server?.close();
});

async function statementsOf(as: string, url: string, query: Record<string, string> = {}) {
  const { result, statements } = await server.queries.during(() => call(server.app, as, "GET", url, { query }));
  expect(result.statusCode, result.body).toBe(200);
  expect(bodyOf(result).code, result.body).toBe(0);
  return { statements, body: bodyOf<unknown[]>(result) };
}

describe("statements per message read (issue 25)", () => {
  it("MSG-011 the list: the token and one statement, however many messages the account has", async () => {
    const few = await statementsOf(acmeToken, "/api/pc/news", { pageSize: "10" });
    const many = await statementsOf(token, "/api/pc/news", { pageSize: "100", pageNum: "1" });
    const urgent = await statementsOf(token, "/api/pc/news", { pageSize: "10", urgencyType: "1" });
    expect(many.body.data).toHaveLength(100);
    expect(few.statements.length, few.statements.join("\n")).toBe(2);
    expect(many.statements.length, many.statements.join("\n")).toBe(2);
    expect(urgent.statements.length).toBe(2);
  });

  it("MSG-011 a page past the end: one statement more for its count", async () => {
    const past = await statementsOf(token, "/api/pc/news", { pageNum: "999" });
    expect(past.body.data).toEqual([]);
    expect(past.body.total).toBeGreaterThan(120);
    expect(past.statements.length).toBe(3);
  });

  it("the unread count: the token and one statement", async () => {
    const { statements } = await statementsOf(token, "/api/pc/news/unreadCount");
    expect(statements.length).toBe(2);
  });
});
