import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import helmet from "@fastify/helmet";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import multipart from "@fastify/multipart";
import openapiGlue from "fastify-openapi-glue";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { AppError, tokenError } from "./errors.ts";
import { localeOf, translate } from "./i18n.ts";
import { verifyAccessToken } from "./services/tokens.ts";
import { sessionHandlers } from "./routes/session.ts";
import { catalogueHandlers } from "./routes/catalogue.ts";
import { pricingHandlers } from "./routes/pricing.ts";
import { orderHandlers } from "./routes/orders.ts";
import { craftHandlers } from "./routes/crafts.ts";
import { measurementHandlers } from "./routes/measurements.ts";
import { fabricHandlers } from "./routes/fabrics.ts";
import { customerHandlers } from "./routes/customers.ts";
import { attachmentHandlers } from "./routes/attachments.ts";
import { dictionaryHandlers } from "./routes/dictionaries.ts";
import { bundleContract } from "./plugins/contractFile.ts";
import { testHooks } from "./plugins/testHooks.ts";

/** The contract, split per area under openapi/, bundled once into the one document the glue reads. */
let contract: Record<string, unknown> | undefined;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema violation into a translated message that names the field. */
function validationMessage(req: FastifyRequest, error: FastifyError): string {
  const locale = localeOf(req.headers["accept-language"]);
  const first = (error.validation as AjvError[] | undefined)?.[0];
  if (!first) return translate(locale, "validation.body");
  const pathField = first.instancePath.split("/").filter(Boolean).pop();
  if (first.keyword === "required")
    return translate(locale, "validation.required", { field: String(first.params.missingProperty) });
  if (first.keyword === "additionalProperties")
    return translate(locale, "validation.unknownField", { field: String(first.params.additionalProperty) });
  const field = pathField ?? error.validationContext ?? "request";
  if (first.keyword === "minLength" && first.params.limit === 1)
    return translate(locale, "validation.required", { field });
  return translate(locale, "validation.invalid", { field, detail: first.message ?? first.keyword });
}

function sendError(
  reply: Pick<FastifyReply, "status" | "send"> | { status(code: number): { send(body: unknown): unknown } },
  status: number,
  code: string | number,
  message: string,
) {
  return reply.status(status).send({ code, message, data: null });
}

export async function buildApp(opts: { db: Db; config: Config; logger?: boolean }): Promise<FastifyInstance> {
  const { db, config } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    // Behind a load balancer, the client's address (for sign-in throttling) comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: "array", removeAdditional: false, allErrors: false, allowUnionTypes: true } },
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });

  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, req, reply) => {
    const locale = localeOf(req.headers["accept-language"]);
    // The security handler's own error is wrapped by the OpenAPI glue; unwrap it.
    const cause = error instanceof AppError ? error : error.errors?.find((e) => e instanceof AppError);
    if (cause instanceof AppError) {
      return sendError(reply, cause.httpStatus, cause.code, translate(locale, cause.key, cause.params));
    }
    if (error.validation) return sendError(reply, 400, 400, validationMessage(req, error));
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return sendError(reply, 413, 413, translate(locale, "server.tooLarge"));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, error.statusCode, translate(locale, "validation.body"));
    }
    req.log.error({ err: error }, "unhandled error");
    return sendError(reply, 500, 500, translate(locale, "server.error"));
  });

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

  // Pictures are answered as image/svg+xml, png or jpeg, which the OpenAPI glue also expects body
  // parsers for; no operation accepts one, so such a body is refused (415) before any handler runs.
  app.addContentTypeParser(["image/svg+xml", "image/png", "image/jpeg"], (_req, _payload, done) => {
    done(Object.assign(new Error("Unsupported Media Type"), { statusCode: 415 }), undefined);
  });
  // Uploads (POST pc/attachment/upload) arrive as multipart/form-data; one file of at most 2048 KB.
  await app.register(multipart, { limits: { fileSize: 2048 * 1024, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  const context = { db, config };
  await app.register(openapiGlue, {
    // A copy: the glue may annotate the document it is given.
    specification: structuredClone((contract ??= bundleContract())),
    prefix: "/api",
    serviceHandlers: {
      ...sessionHandlers(context),
      ...catalogueHandlers(context),
      ...pricingHandlers(context),
      ...orderHandlers(context),
      ...craftHandlers(context),
      ...measurementHandlers(context),
      ...fabricHandlers(context),
      ...customerHandlers(context),
      ...attachmentHandlers(context),
      ...dictionaryHandlers(context),
    },
    securityHandlers: {
      async token(req: FastifyRequest) {
        const header = req.headers.authorization ?? "";
        const token = header.startsWith("Bearer ") ? header.slice(7).trim() : header.trim();
        if (!token) throw tokenError("ATI");
        req.member = await verifyAccessToken(db, token);
      },
    },
  });

  if (config.testHooks) await app.register(testHooks, { db });

  const staticDir = config.staticDir ?? fileURLToPath(new URL("../dist", import.meta.url));
  const hasApp = existsSync(`${staticDir}/index.html`);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      setHeaders(reply, path) {
        reply.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const locale = localeOf(req.headers["accept-language"]);
    const path = req.url.split("?")[0] ?? "";
    // Missing files (a stale /assets/ chunk, an image) are a 404, never the app's HTML.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (path.startsWith("/api/") || path === "/api" || !hasApp || req.method !== "GET" || isFile) {
      return sendError(reply, 404, 404, translate(locale, "notFound.route", { method: req.method, url: path }));
    }
    // Every other GET is a route of the single-page app; the browser router decides what it shows.
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });

  return app;
}
