import type { FastifyInstance } from "fastify";
import { tokenError } from "../errors.ts";
import { ok } from "../modules/shared/http.ts";
import { expireAccessToken } from "../modules/session/tokens.ts";
import { memberBalanceCents, topUp } from "../modules/ledger/service.ts";

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
