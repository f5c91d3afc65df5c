import type { FastifyInstance } from "fastify";
import { tokenError } from "../errors.ts";
import { ok } from "../modules/shared/http.ts";
import { expireAccessToken } from "../modules/session/tokens.ts";
import { memberAccount, memberBalanceCents, topUp } from "../modules/ledger/service.ts";
import { memberAuthorities, members } from "../db/schema/members.ts";
import { menuAuthorities } from "../db/seed.ts";
import { ACTION, ORDER_EDIT } from "../modules/members/service.ts";
import { hashPassword, passwordCostOf } from "../modules/session/passwords.ts";
import { holdConsumptionQueries } from "../modules/orderTools/testHooks.ts";

/**
 * Calls for tests only, outside the contract; registered only when the config's `testHooks` is on
 * (TEST_HOOKS=1, refused in production). Without it /api/__test/* is an unknown route (404).
 */
export async function testHooks(app: FastifyInstance) {
  app.post<{ Body: { token: string } }>(
    "/api/__test/expireAccessToken",
    {
      schema: {
        body: {
          type: "object",
          required: ["token"],
          additionalProperties: false,
          properties: { token: { type: "string", minLength: 1, maxLength: 256 } },
        },
      },
    },
    async (req) => {
      if (!(await expireAccessToken(app.db, req.body.token))) throw tokenError("ATI");
      return ok(req, null);
    },
  );
  // The signed-in member's balance in cents (the contract has no balance read yet): the browser tests
  // check a submit debits exactly the order's price.
  app.get("/api/__test/balance", async (req) => {
    await app.authenticate(req);
    return ok(req, await memberBalanceCents(app.db, req.member!.memberId));
  });
  // A fresh main account (every menu, may modify orders, USD, no balance, password demo1234) whose
  // orders and money belong to one browser test alone: a test that sets a balance never meets
  // another test's orders or payments on the shared demo accounts.
  // Issue 22: with `parentId`, a sub-account of that (fresh) main account.
  app.post<{ Body: { username: string; parentId?: number } }>(
    "/api/__test/member",
    {
      schema: {
        body: {
          type: "object",
          required: ["username"],
          additionalProperties: false,
          properties: {
            username: { type: "string", pattern: "^[a-z0-9-]{3,40}$" },
            parentId: { type: "integer", minimum: 1, maximum: 2147483647 },
          },
        },
      },
    },
    async (req) => {
      const passwordHash = await hashPassword("demo1234", passwordCostOf(app.config));
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(members)
          .values({
            username: req.body.username,
            passwordHash,
            displayName: req.body.username,
            moneyType: "USD",
            parentId: req.body.parentId ?? null,
          })
          .returning({ id: members.id });
        const memberId = row!.id;
        await tx
          .insert(memberAuthorities)
          .values([
            ...menuAuthorities.map((a, pos) => ({ memberId, authorityType: "MENU", code: a.code, name: a.en, pos })),
            { memberId, authorityType: ACTION, code: ORDER_EDIT, name: "Modify orders", pos: 0 },
          ]);
        await memberAccount(tx, memberId);
        return memberId;
      });
      return ok(req, { id, username: req.body.username });
    },
  );
  // PROD-042: holds (or releases) the signed-in member's new consumption queries in progress (status 1).
  app.post<{ Body: { hold: boolean } }>(
    "/api/__test/holdConsumptionQueries",
    {
      schema: {
        body: {
          type: "object",
          required: ["hold"],
          additionalProperties: false,
          properties: { hold: { type: "boolean" } },
        },
      },
    },
    async (req) => {
      await app.authenticate(req);
      holdConsumptionQueries(app.db, req.member!.memberId, req.body.hold);
      return ok(req, null);
    },
  );
  // Tops up the signed-in member through the ledger (a sub-account starts at 0): the checkout tests
  // give an account exactly the balance their queue needs. Answers the balance after, in cents.
  app.post<{ Body: { amountCents: number } }>(
    "/api/__test/topUp",
    {
      schema: {
        body: {
          type: "object",
          required: ["amountCents"],
          additionalProperties: false,
          properties: { amountCents: { type: "integer", minimum: 1, maximum: 100_000_000 } },
        },
      },
    },
    async (req) => {
      await app.authenticate(req);
      const memberId = req.member!.memberId;
      const result = await topUp(app.db, memberId, req.body.amountCents, { reference: "test hook" });
      if (!result.ok) throw new Error(`test top-up refused: ${result.reason}`);
      return ok(req, await memberBalanceCents(app.db, memberId));
    },
  );
}
