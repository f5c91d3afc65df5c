import type { FastifyReply, FastifyRequest } from "fastify";
import type { operations } from "../../../openapi/portal.d.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import type { SessionMember } from "../session/tokens.ts";

/** What every module's routes are built with. */
export interface RouteContext {
  db: Db;
  config: Config;
}

/** Request typed from the contract: query, path parameters and body of one operation. */
export type OperationRequest<Op extends keyof operations> = FastifyRequest<{
  Querystring: operations[Op]["parameters"] extends { query?: infer Q } ? NonNullable<Q> : never;
  Params: operations[Op]["parameters"] extends { path?: infer P } ? NonNullable<P> : never;
  Body: operations[Op]["requestBody"] extends { content: { "application/json": infer B } } ? B : never;
}>;

/** The caller's language (the i18n plugin reads it from Accept-Language). */
export const localeOfRequest = (req: FastifyRequest): Locale => req.locale;

/** The success envelope, with the message translated for the caller. */
export function ok<T>(req: FastifyRequest, data: T, key: MessageKey = "ok") {
  return { code: 0, message: translate(req.locale, key), data };
}

/** The member the security handler resolved; protected routes always have one. */
export function memberOf(req: FastifyRequest): SessionMember {
  const member = req.member;
  if (!member) throw new Error("route is missing its security requirement");
  return member;
}

/** Who asks, in which language: a customer id must be one of the account's own customers. */
export const askerOf = (req: FastifyRequest) => ({ memberId: memberOf(req).memberId, locale: req.locale });

/** Sends a drawn SVG picture: cacheable for a day, revalidated by its ETag (304 when unchanged). */
export function sendSvg(req: FastifyRequest, reply: FastifyReply, body: string, etag: string) {
  reply.header("Cache-Control", "public, max-age=86400").header("ETag", etag).type("image/svg+xml; charset=utf-8");
  if (req.headers["if-none-match"] === etag) return reply.status(304).send();
  return reply.send(body);
}
