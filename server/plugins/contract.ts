import fp from "fastify-plugin";
import multipart from "@fastify/multipart";
import openapiGlue from "fastify-openapi-glue";
import { bundleContract } from "./contractFile.ts";

/** The operations' handlers by operationId, as the modules' routes give them. */
export type OperationHandlers = Record<string, (...args: never[]) => unknown>;

/** The contract, split per area under openapi/, bundled once into the one document the glue reads. */
let contract: Record<string, unknown> | undefined;

/**
 * Infrastructure: the contract (openapi/portal.yaml) routes and validates every /api call; the modules'
 * handlers answer them. Unknown fields, wrong types and missing parameters are refused before a handler runs.
 */
export const contractPlugin = fp<{ handlers: OperationHandlers }>(
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

    // Pictures are answered as image/svg+xml, png or jpeg, which the OpenAPI glue also expects body
    // parsers for; no operation accepts one, so such a body is refused (415) before any handler runs.
    app.addContentTypeParser(["image/svg+xml", "image/png", "image/jpeg"], (_req, _payload, done) => {
      done(Object.assign(new Error("Unsupported Media Type"), { statusCode: 415 }), undefined);
    });
    // Uploads (POST pc/attachment/upload) arrive as multipart/form-data; one file of at most 2048 KB.
    await app.register(multipart, {
      limits: { fileSize: 2048 * 1024, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });

    await app.register(openapiGlue, {
      // A copy: the glue may annotate the document it is given.
      specification: structuredClone((contract ??= bundleContract())),
      prefix: "/api",
      serviceHandlers: opts.handlers,
      securityHandlers: { token: app.authenticate },
    });
  },
  { name: "contract", dependencies: ["auth", "errors"] },
);
