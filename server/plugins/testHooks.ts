import type { FastifyInstance } from "fastify";
import { tokenError } from "../errors.ts";
import { ok } from "../modules/shared/http.ts";
import { expireAccessToken } from "../modules/session/tokens.ts";
import { eq, sql } from "drizzle-orm";
import { orders } from "../db/schema/orders.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { memberAccount, memberBalanceCents, topUp, transfer, type TransferKind } from "../modules/ledger/service.ts";
import { memberAuthorities, members } from "../db/schema/members.ts";
import { menuAuthorities } from "../db/seed.ts";
import { ACTION, ORDER_EDIT } from "../modules/members/service.ts";
import { hashPassword, passwordCostOf } from "../modules/session/passwords.ts";
import { holdConsumptionQueries } from "../modules/orderTools/testHooks.ts";
import { PRODUCTION_LOCK } from "../modules/orders/production.ts";
import { advanceShipments } from "../modules/shipments/simulator.ts";

type SubKind = Extract<TransferKind, "sub_recharge" | "sub_take_back_all" | "sub_take_back" | "sub_no_limit">;

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
  // Issue 22: with `parent` (a username) or `parentId`, a sub-account of that main account.
  app.post<{ Body: { username: string; parent?: string; parentId?: number } }>(
    "/api/__test/member",
    {
      schema: {
        body: {
          type: "object",
          required: ["username"],
          additionalProperties: false,
          properties: {
            username: { type: "string", pattern: "^[a-z0-9-]{3,40}$" },
            parent: { type: "string", pattern: "^[a-z0-9-]{3,40}$" },
            parentId: { type: "integer", minimum: 1, maximum: 2147483647 },
          },
        },
      },
    },
    async (req) => {
      const passwordHash = await hashPassword("demo1234", passwordCostOf(app.config));
      const id = await app.db.transaction(async (tx) => {
        const parentId = req.body.parent
          ? (await tx.select({ id: members.id }).from(members).where(eq(members.username, req.body.parent)))[0]?.id
          : (req.body.parentId ?? null);
        if (parentId === undefined) throw new Error(`no member ${req.body.parent}`);
        const [row] = await tx
          .insert(members)
          .values({
            username: req.body.username,
            passwordHash,
            displayName: req.body.username,
            moneyType: "USD",
            parentId,
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
  // Issue 22: a movement between the signed-in main account and one of its sub-accounts written straight
  // into the ledger (the distribution calls are another area's): recharge and no limit main -> child, the
  // take-backs child -> main. Answers the transfer id.
  app.post<{ Body: { child: string; kind: SubKind; amountCents: number } }>(
    "/api/__test/allocate",
    {
      schema: {
        body: {
          type: "object",
          required: ["child", "kind", "amountCents"],
          additionalProperties: false,
          properties: {
            child: { type: "string", pattern: "^[a-z0-9-]{3,40}$" },
            kind: { type: "string", enum: ["sub_recharge", "sub_take_back_all", "sub_take_back", "sub_no_limit"] },
            amountCents: { type: "integer", minimum: 1, maximum: 100_000_000 },
          },
        },
      },
    },
    async (req) => {
      await app.authenticate(req);
      const main = req.member!.memberId;
      const [child] = await app.db
        .select({ id: members.id, parentId: members.parentId })
        .from(members)
        .where(eq(members.username, req.body.child));
      if (!child || child.parentId !== main) throw new Error(`${req.body.child} is not a sub-account of the caller`);
      const outward = req.body.kind === "sub_recharge" || req.body.kind === "sub_no_limit";
      const transferId = await app.db.transaction(async (tx) => {
        const from = (await memberAccount(tx, outward ? main : child.id))!;
        const to = (await memberAccount(tx, outward ? child.id : main))!;
        const result = await transfer(tx, {
          debitAccountId: from.id,
          creditAccountId: to.id,
          amountCents: req.body.amountCents,
          currency: from.currency,
          kind: req.body.kind,
        });
        if (!result.ok) throw new Error(`test allocation refused: ${result.reason}`);
        return result.transferId;
      });
      return ok(req, transferId);
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
  // Issue 23: finished orders of the signed-in member (a fresh account of one browser test), as the
  // production simulator leaves them, so a shipment test never waits for the clock nor meets another
  // test's orders. Answers their codes.
  app.post<{ Body: { count: number } }>(
    "/api/__test/finishedOrders",
    {
      schema: {
        body: {
          type: "object",
          required: ["count"],
          additionalProperties: false,
          properties: { count: { type: "integer", minimum: 1, maximum: 20 } },
        },
      },
    },
    async (req) => {
      await app.authenticate(req);
      const memberId = req.member!.memberId;
      const codes = await app.db.transaction(async (tx) => {
        const made: string[] = [];
        for (let n = 0; n < req.body.count; n++) {
          const { rows } = (await tx.execute(sql`select nextval('order_code_seq')::text as n`)) as unknown as {
            rows: Array<{ n: string }>;
          };
          const orderCode = `MTM20991231${rows[0]!.n.padStart(5, "0")}`;
          await tx.insert(orders).values({
            memberId,
            orderCode,
            orderType: 7,
            categoryId: 3000,
            statusId: ORDER_STATUS.finished,
            custName: `Finished ${n + 1}`,
            unitPriceCents: 10_000,
            priceCents: 10_000,
            planDeliveryDate: new Date().toISOString().slice(0, 10),
          });
          made.push(orderCode);
        }
        return made;
      });
      return ok(req, codes);
    },
  );
  // Issue 23: the carrier's clock for the signed-in member's shipments only (never another account's, so
  // specs running beside it on the same server are untouched): `steps` carrier steps, the first at `at`, each
  // one production step (at least a second) after the last, as the production simulator runs them. A browser
  // test follows its own parcel (packed, left with its waybill, tracked) without waiting for the clock.
  // Answers each step's packed, left, shipped-order and tracked counts.
  app.post<{ Body: { at: string; steps: number } }>(
    "/api/__test/advanceShipments",
    {
      schema: {
        body: {
          type: "object",
          required: ["at", "steps"],
          additionalProperties: false,
          properties: {
            at: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$" },
            steps: { type: "integer", minimum: 1, maximum: 10 },
          },
        },
      },
    },
    async (req) => {
      await app.authenticate(req);
      const memberId = req.member!.memberId;
      const start = new Date(req.body.at);
      if (Number.isNaN(start.getTime())) throw new Error(`not a time: ${req.body.at}`);
      const stepMs = Math.max(app.config.productionStepSeconds, 1) * 1000;
      const done = [];
      for (let step = 0; step < req.body.steps; step++) {
        const now = new Date(start.getTime() + step * stepMs);
        done.push(
          await app.db.transaction(async (tx) => {
            // the server's own clock takes the same lock: the two never step at once
            await tx.execute(sql`select pg_advisory_xact_lock(${PRODUCTION_LOCK})`);
            return advanceShipments(app.db, tx, now, memberId);
          }),
        );
      }
      return ok(req, done);
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
