import fp from "fastify-plugin";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { fieldName, localeOf, translate, type Locale } from "../i18n.ts";

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema violation into a translated message that names the field. */
function validationMessage(locale: Locale, error: FastifyError): string {
  const first = (error.validation as AjvError[] | undefined)?.[0];
  if (!first) return translate(locale, "validation.body");
  const pathField = first.instancePath.split("/").filter(Boolean).pop();
  if (first.keyword === "required")
    return translate(locale, "validation.required", { field: fieldName(locale, String(first.params.missingProperty)) });
  if (first.keyword === "additionalProperties")
    return translate(locale, "validation.unknownField", { field: String(first.params.additionalProperty) });
  const field = fieldName(locale, pathField ?? error.validationContext ?? "request");
  if (first.keyword === "minLength" && first.params.limit === 1)
    return translate(locale, "validation.required", { field });
  // The contract plugin's input guard (see inputGuard.ts): a NUL or a lone surrogate, a number that is not finite.
  if (first.keyword === "plainText") return translate(locale, "validation.text", { field });
  if (first.keyword === "finite") return translate(locale, "validation.range", { field });
  return translate(locale, "validation.invalid", { field, detail: first.message ?? first.keyword });
}

/** A path of the API (never a file, never a route of the app). */
export const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/** A path that names a file (it ends in an extension): a stale chunk or a picture, never a route of the app. */
export const isFilePath = (path: string) => /\.[a-z0-9]+$/i.test(path);

/**
 * A 404's message (the path capped at 200 characters): a file the build does not have (a stale chunk, a
 * mistyped picture address), or a call the API does not have.
 */
export function notFoundMessage(locale: Locale, method: string, path: string): string {
  const url = path.slice(0, 200);
  const isFile = !isApiPath(path) && (method === "GET" || method === "HEAD") && isFilePath(path);
  return isFile ? translate(locale, "notFound.file", { url }) : translate(locale, "notFound.route", { method, url });
}

/** Sends the error envelope `{code, message, data: null}`. */
export function sendError(reply: FastifyReply, status: number, code: string | number, message: string) {
  return reply.status(status).send({ code, message, data: null });
}

/** Errors of the multipart parser (busboy) are plain Errors; these are their messages (a malformed upload). */
const MULTIPART_PARSER_ERROR = /^Multipart: |multipart data|^Boundary required|^The needle cannot|^Malformed /;

/** Status and message of a request the framework or a body parser could not read (never a 500). */
function parserFailure(locale: Locale, error: FastifyError): { status: number; message: string } | null {
  const code = error.code ?? "";
  // A body over the limit (1 MB) or an upload over the multipart limits: 413.
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE" || /^FST_(PARTS|FILES|FIELDS)_LIMIT$|^FST_REQ_FILE_TOO_LARGE$/.test(code))
    return { status: 413, message: translate(locale, "server.tooLarge") };
  // A body of a media type no operation reads: 415, naming the type.
  if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" || error.statusCode === 415) {
    return { status: 415, message: translate(locale, "validation.mediaType", { type: mediaTypeOf(error.message) }) };
  }
  if (code === "FST_ERR_BAD_URL" || code === "FST_ERR_MAX_PARAM_LENGTH" || code === "FST_ERR_INVALID_URL")
    return { status: 400, message: translate(locale, "validation.url") };
  if (code.startsWith("FST_ERR_CTP_") || error instanceof SyntaxError)
    return { status: 400, message: translate(locale, "validation.body") };
  // @fastify/multipart's own errors (not multipart, a prototype field name, premature close) and busboy's.
  if (/^FST_(INVALID_MULTIPART_CONTENT_TYPE|PROTO_VIOLATION|INVALID_JSON_FIELD_ERROR|MP_PREMATURE_CLOSE)$/.test(code))
    return { status: 400, message: translate(locale, "validation.malformed", { format: "multipart/form-data" }) };
  if (!error.statusCode && MULTIPART_PARSER_ERROR.test(error.message))
    return { status: 400, message: translate(locale, "validation.malformed", { format: "multipart/form-data" }) };
  return null;
}

/** The media type quoted in Fastify's "Unsupported Media Type: x" (or "the given one"). */
function mediaTypeOf(message: string): string {
  const type = /Unsupported Media Type:?\s*(.{1,80})$/.exec(message)?.[1]?.trim();
  return type && type.length > 0 ? type : "?";
}

/**
 * The single error mapper: every failure answers the error envelope with a translated message. An AppError
 * its own code and status; a schema violation (or the input guard's refusal) 400 naming the field; a request
 * the framework or a body parser could not read 400 (413 too large, 415 an unread media type); an unknown
 * route or file 404; any other client error 400; anything else is logged and answers 500 without a stack trace.
 */
export function mapError(error: FastifyError & { errors?: unknown[] }, req: FastifyRequest, reply: FastifyReply) {
  // A router error comes with a bare request, without the i18n plugin's decoration.
  const locale = (req.locale as Locale | undefined) ?? localeOf(req.headers["accept-language"]);
  // The security handler's own error is wrapped by the OpenAPI glue; unwrap it.
  const cause = error instanceof AppError ? error : error.errors?.find((e) => e instanceof AppError);
  if (cause instanceof AppError) {
    return sendError(reply, cause.httpStatus, cause.code, translate(locale, cause.key, cause.params));
  }
  if (error.validation) return sendError(reply, 400, 400, validationMessage(locale, error));
  const parser = parserFailure(locale, error);
  if (parser) return sendError(reply, parser.status, parser.status, parser.message);
  const path = req.url.split("?")[0] ?? "";
  // The static files' server refuses a path it will not serve (too long, a traversal) with 403: not found.
  if (error.statusCode === 404 || error.statusCode === 403) {
    return sendError(reply, 404, 404, notFoundMessage(locale, req.method, path));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendError(reply, 400, 400, translate(locale, "validation.body"));
  }
  req.log.error({ err: error }, "unhandled error");
  return sendError(reply, 500, 500, translate(locale, "server.error"));
}

/**
 * Infrastructure: the one error mapper (mapError) answers every failure, both the handlers' and hooks' errors
 * and the router's own (a bad URL encoding, a path parameter over the router's length limit; given to
 * Fastify as `frameworkErrors`, see `contractServerOptions`).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler(mapError);
  },
  { name: "errors", dependencies: ["i18n"] },
);
