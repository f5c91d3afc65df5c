import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/** What a secret is replaced by in the log. */
export const REDACTED = "[REDACTED]";

/**
 * Names of values that are secrets wherever they appear (a query parameter, a JSON field, a header): the
 * sign-in's password (memberLogin takes it in the query string, SHELL-120), tokens, keys, cookies.
 */
const SECRET_NAME = /pass(word)?|pwd|token|secret|api[-_]?key|authori[sz]ation|cookie|session/i;

/** The URL with the value of every secret query parameter replaced (the path and other parameters kept). */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // A broken percent-encoding: judged by its raw text.
      }
      return equals >= 0 && SECRET_NAME.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join("&");
  return `${url.slice(0, at)}?${query}`;
}

/** Body fields and headers that are secrets, for pino's `redact` (one or two levels deep in any logged object). */
const SECRET_FIELDS = ["password", "refreshToken", "token", "accessToken", "deviceToken"];
const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * Issue 20 §4d(b): the options of the server's logger. Every logged request's URL has its secret query values
 * replaced (the sign-in's password was written to the log at the default level), and secret fields of any
 * logged object (a body, headers) are censored by pino's `redact`.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(req: FastifyRequest) {
        return {
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket ? req.socket.remotePort : undefined,
        };
      },
    },
  };
}

/**
 * Issue 21: Fastify's request lines at `debug`, one per request (its outcome, with the request's method and
 * redacted URL), instead of two at `info` (about 3,300 lines while starting and clicking through). A request that
 * failed is still logged at `error`. Every line of a request carries its id (`reqId`).
 */
export class RequestLogs extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, "route not found");
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
