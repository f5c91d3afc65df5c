import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import { tokenError } from "../errors.ts";
import { verifyAccessToken, type SessionMember } from "../modules/session/tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member, set by the contract's `token` security scheme on protected operations. */
    member?: SessionMember;
  }
  interface FastifyInstance {
    /** The `token` security scheme: a Bearer access token → `req.member`; none → ATI; expired → ATE. */
    authenticate: (req: FastifyRequest) => Promise<void>;
  }
}

/** Infrastructure: resolves the access token of protected operations (the contract says which). */
export const authPlugin = fp(
  async (app) => {
    const { db } = app;
    app.decorate("authenticate", async (req: FastifyRequest) => {
      const header = req.headers.authorization ?? "";
      const token = header.startsWith("Bearer ") ? header.slice(7).trim() : header.trim();
      if (!token) throw tokenError("ATI");
      req.member = await verifyAccessToken(db, token);
    });
  },
  { name: "auth", dependencies: ["db"] },
);
