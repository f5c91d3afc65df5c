import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { tokenError } from "../errors.ts";
import { ok } from "../routes/context.ts";
import { expireAccessToken } from "../services/tokens.ts";

/**
 * Calls for tests only, outside the contract; registered only when the config's `testHooks` is on
 * (TEST_HOOKS=1, refused in production). Without it /api/__test/* is an unknown route (404).
 */
export async function testHooks(app: FastifyInstance, opts: { db: Db }) {
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
      if (!(await expireAccessToken(opts.db, req.body.token))) throw tokenError("ATI");
      return ok(req, null);
    },
  );
}
