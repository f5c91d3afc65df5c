import createClient from "openapi-fetch";
import type { paths } from "../../openapi/portal";
import { createTransport, type TransportHooks } from "./transport.ts";

export type ApiClient = ReturnType<typeof createClient<paths>>;

/** API-001: one typed client for the whole app, on the /api/ base path. */
export function createApiClient(hooks: TransportHooks, baseUrl = "/api", baseFetch?: typeof fetch): ApiClient {
  return createClient<paths>({ baseUrl, fetch: createTransport(hooks, baseFetch) });
}
