import fp from "fastify-plugin";
import multipart from "@fastify/multipart";
import openapiGlue from "fastify-openapi-glue";
import type { FastifyRequest, RouteOptions } from "fastify";
import { mediaTypesOf } from "./mediaTypes.ts";
import { mapError } from "./errors.ts";
import { findImproper } from "./inputGuard.ts";
import type { RateLimitOfOperation } from "./rateLimit.ts";

/** The operations' handlers by operationId, as the modules' routes give them. */
export type OperationHandlers = Record<string, (...args: never[]) => unknown>;

/**
 * Options of the Fastify server that belong to the contract: a path parameter of any length reaches the
 * contract's validation, which names it (the router's default limit of 100 characters answered its own error
 * instead); the router's own errors (a bad URL encoding) go to the single error mapper.
 */
export const contractServerOptions = {
  routerOptions: { maxParamLength: 8192 },
  frameworkErrors: mapError,
};

/** A refusal the error mapper words like a schema violation, naming the field. */
function refusal(context: string, instancePath: string, keyword: string, message: string) {
  return Object.assign(new Error(message), {
    statusCode: 400,
    validationContext: context,
    validation: [{ keyword, instancePath, params: {}, message }],
  });
}

const GUARD_MESSAGES = {
  plainText: "must not contain NUL or a lone surrogate",
  finite: "must be a finite number",
  maxDepth: "is nested too deeply",
};

/**
 * Issue 9 §3: what passed the contract's schemas can still be unusable: a NUL or a lone UTF-16 surrogate in
 * any string (no database text holds them), a number that is not finite (`1e400`; a query's "Infinity",
 * which the validator coerces and then skips its minimum and maximum for). Refused here, naming the field.
 */
function guardInput(req: FastifyRequest) {
  for (const [context, value] of [
    ["params", req.params],
    ["querystring", req.query],
    ["body", req.body],
  ] as const) {
    const found = findImproper(value);
    // The static files' route has one wildcard parameter, "*": the path.
    const at = found?.instancePath === "/*" ? "/path" : found?.instancePath;
    if (found) throw refusal(context, at ?? "", found.keyword, GUARD_MESSAGES[found.keyword]);
  }
  // A multipart body needs its boundary (RFC 2046: 1 to 70 characters), or the parser cannot read it.
  const type = req.headers["content-type"] ?? "";
  if (/^\s*multipart\//i.test(type) && !/;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i.test(type)) {
    throw refusal("headers", "/content-type", "boundary", "must give a multipart boundary of 1 to 70 characters");
  }
}

/** `x-designed` marks what the documents do not say; it is documentation, and the validator knows no such keyword. */
function withoutAnnotations<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(withoutAnnotations);
  else if (node && typeof node === "object") {
    delete (node as Record<string, unknown>)["x-designed"];
    Object.values(node).forEach(withoutAnnotations);
  }
  return node;
}

/**
 * The operationIds that need the access token: an operation's own `security`, or else the document's; a
 * requirement list with an empty entry (`{}`) or none at all makes the operation public.
 */
export function securedOperations(document: Record<string, unknown>): Set<string> {
  const secured = new Set<string>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, { operationId?: string; security?: unknown }>>;
  for (const item of Object.values(paths))
    for (const [method, operation] of Object.entries(item)) {
      if (!["get", "put", "post", "delete", "options", "head", "patch", "trace"].includes(method)) continue;
      const requirements = (operation.security ?? document.security ?? []) as Record<string, unknown>[];
      const unknown = requirements.flatMap(Object.keys).find((scheme) => scheme !== "token");
      if (unknown) throw new Error(`${operation.operationId}: no handler for the security scheme "${unknown}"`);
      const needsToken = requirements.length > 0 && requirements.every((r) => Object.keys(r).length > 0);
      if (needsToken && operation.operationId) secured.add(operation.operationId);
    }
  return secured;
}

/**
 * Issue 25: the operations open to visitors that answer a signed-in caller more (the mall's and the fabric
 * library's prices): security `[{}, { token: [] }]`. A token sent is checked as on protected operations
 * (an expired one is ATE, so the client refreshes it); without one the caller is a visitor.
 */
export function optionalTokenOperations(document: Record<string, unknown>): Set<string> {
  const optional = new Set<string>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, { operationId?: string; security?: unknown }>>;
  for (const item of Object.values(paths))
    for (const operation of Object.values(item)) {
      const requirements = (operation?.security ?? []) as Record<string, unknown>[];
      if (!Array.isArray(requirements) || !operation.operationId) continue;
      const open = requirements.some((r) => Object.keys(r).length === 0);
      const token = requirements.some((r) => Object.keys(r).includes("token"));
      if (open && token) optional.add(operation.operationId);
    }
  return optional;
}

/** The contract, split per area under openapi/, bundled once into the one document the glue reads. */
let contract: Record<string, unknown> | undefined;

/**
 * Infrastructure: the contract (openapi/portal.yaml) routes and validates every /api call; the modules'
 * handlers answer them. Unknown fields, wrong types and missing parameters are refused before a handler runs.
 */
export const contractPlugin = fp<{
  handlers: OperationHandlers;
  rateLimits?: Record<string, RateLimitOfOperation | undefined>;
}>(
  async (app, opts) => {
    // Fastify would serialise responses through the contract's schemas; envelopes of refusals carry
    // `data: null`, so responses are sent as plain JSON and checked by the server tests instead.
    app.addHook("onRoute", (route) => {
      if (route.schema && "response" in route.schema) delete route.schema.response;
      // The glue keys body schemas by media type, and Fastify checks a body only when its media type
      // is listed: a text/plain body or no body at all would reach the handler unchecked (and crash it).
      // Every body of this API is JSON, so its schema applies to whatever arrives.
      const body = route.schema?.body as { content?: Record<string, { schema?: unknown }> } | undefined;
      const jsonSchema = body?.content?.["application/json"]?.schema;
      if (route.schema && jsonSchema) route.schema.body = jsonSchema;
      // A multipart body (uploads) is streamed to its handler, which checks it; there is no body to validate.
      else if (route.schema && body?.content?.["multipart/form-data"]) delete route.schema.body;
    });

    // Uploads (POST pc/attachment/upload) arrive as multipart/form-data; one file of at most 2048 KB.
    await app.register(multipart, {
      limits: { fileSize: 2048 * 1024, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    // The compiled server carries the contract bundled at build time, without its annotations
    // (scripts/build-server.mjs); tsx reads openapi/ (and the YAML parser only then: issue 21).
    const compiled = process.env.MTM_CONTRACT_JSON;
    contract ??= compiled
      ? (JSON.parse(compiled) as Record<string, unknown>)
      : (await import("./contractFile.ts")).bundleContract();
    // The OpenAPI glue expects a body parser for every media type the contract names, answers too
    // (pictures as image/svg+xml, png or jpeg, the order PDF as application/pdf). No operation accepts
    // such a body, so each is refused (415) before any handler runs; read from the contract, a new
    // kind of answer needs no line here.
    const answersOnly = mediaTypesOf(contract).filter((type) => !app.hasContentTypeParser(type));
    if (answersOnly.length > 0)
      app.addContentTypeParser(answersOnly, (_req, _payload, done) => {
        done(Object.assign(new Error("Unsupported Media Type"), { statusCode: 415 }), undefined);
      });

    app.addHook("preHandler", async (req) => guardInput(req));

    // Issue 20 §4b: authentication runs first. The glue would run the `token` security scheme as the route's
    // preHandler, after the body is read and the request validated, so a malformed request without a token
    // was answered with the validation's details (400) instead of 401. Each protected operation (the
    // contract's security, read here) authenticates in its route's onRequest hook instead: before the body
    // is read, before any validation.
    const secured = securedOperations(contract);
    const optional = optionalTokenOperations(contract);
    const authenticate = app.authenticate;
    const authenticateIfSent = async (req: FastifyRequest) => {
      if (req.headers.authorization) await authenticate(req);
    };
    await app.register(openapiGlue, {
      // A copy: the glue may annotate the document it is given (issue 21: parsed again from the compiled
      // server's JSON, which has no annotations, instead of cloning and walking the document).
      specification: compiled
        ? (JSON.parse(compiled) as Record<string, unknown>)
        : withoutAnnotations(structuredClone(contract)),
      prefix: "/api",
      // The route options of each operation (the glue adds method, URL and schema; without a handler it
      // answers "not implemented", still after authenticating).
      operationResolver: (operationId: string) => {
        const handler = opts.handlers[operationId]?.bind(opts.handlers);
        return {
          ...(handler ? { handler } : {}),
          ...(secured.has(operationId) ? { onRequest: [authenticate] } : {}),
          ...(optional.has(operationId) ? { onRequest: [authenticateIfSent] } : {}),
          // Issue 21: the per-account limit of the costly calls (plugins/rateLimit.ts), when it is on.
          ...(opts.rateLimits?.[operationId] ? { config: { rateLimit: opts.rateLimits[operationId] } } : {}),
        } as RouteOptions;
      },
    });
  },
  { name: "contract", dependencies: ["auth", "errors"] },
);
