import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import { isApiPath, isFilePath, notFoundMessage, sendError } from "./errors.ts";

/**
 * Infrastructure: the built single-page app (when there is one) and the answer to every unknown route: an
 * unknown /api call or missing file is a 404 envelope, any other GET is a route of the app (index.html).
 */
export const staticPlugin = fp<{ staticDir?: string }>(
  async (app, opts) => {
    const staticDir = opts.staticDir ?? fileURLToPath(new URL("../../dist", import.meta.url));
    const hasApp = existsSync(`${staticDir}/index.html`);
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: staticDir,
        // The build writes brotli and gzip copies next to each file (vite.precompress.ts): sent as they are.
        preCompressed: true,
        // A route per file of the build, read once at start (the build is finished before the server starts):
        // a request is matched by the router alone. The catch-all route instead reads every directory of the
        // path on each request to check its spelling (15% of the server's CPU in the browser tests, 2026-11-28).
        // The API is never a file: an unknown /api call is the not-found envelope below, whatever its length.
        wildcard: false,
        setHeaders(reply, path) {
          reply.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }

    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split("?")[0] ?? "";
      // Missing files (a stale /assets/ chunk, an image) are a 404, never the app's HTML.
      if (isApiPath(path) || !hasApp || req.method !== "GET" || isFilePath(path)) {
        return sendError(reply, 404, 404, notFoundMessage(req.locale, req.method, path));
      }
      // Every other GET is a route of the single-page app; the browser router decides what it shows.
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    });
  },
  { name: "static", dependencies: ["i18n", "errors"] },
);
