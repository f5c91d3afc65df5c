import fp from "fastify-plugin";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { translate } from "../i18n.ts";

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema violation into a translated message that names the field. */
function validationMessage(req: FastifyRequest, error: FastifyError): string {
  const locale = req.locale;
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

/** Sends the error envelope `{code, message, data: null}`. */
export function sendError(reply: FastifyReply, status: number, code: string | number, message: string) {
  return reply.status(status).send({ code, message, data: null });
}

/**
 * Infrastructure: every failure answers the error envelope with a translated message: an AppError its own
 * code and status, a schema violation 400 naming the field, a too-large body 413, any other client error its
 * status; anything else is logged and answers 500 without a stack trace.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, req, reply) => {
      const locale = req.locale;
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
  },
  { name: "errors", dependencies: ["i18n"] },
);
