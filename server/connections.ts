import type { Server } from "node:http";
import type { Config } from "./config.ts";

type Timeouts = Pick<Config, "requestTimeoutMs" | "headersTimeoutMs">;

/**
 * Issue 20 §4d(c): the HTTP server's timeouts. A request whose headers or body stall (`Content-Length: 100000`
 * and then nothing, or one byte every 2 s) was held open indefinitely, without signing in. Node answers 408 and
 * closes the connection once the whole request has taken `requestTimeoutMs` (or its headers `headersTimeoutMs`);
 * it checks its connections every second (every half timeout when that is shorter), not every 30 s.
 */
export function serverTimeouts(config: Timeouts) {
  const requestTimeout = config.requestTimeoutMs;
  const headersTimeout = Math.min(config.headersTimeoutMs, requestTimeout);
  return {
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeout / 2))),
    },
  };
}

/**
 * At most `limit` open connections per client address: one more is closed as soon as it is accepted. Not
 * applied behind a trusted proxy (every connection then comes from the proxy's address), nor when 0.
 */
export function limitConnectionsPerAddress(server: Server, limit: number) {
  if (limit <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
