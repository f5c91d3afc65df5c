/**
 * The route helpers now live in server/modules/shared/http.ts; this path stays for the modules that still
 * import it (orders).
 */
export { localeOfRequest, memberOf, ok, type OperationRequest, type RouteContext } from "../modules/shared/http.ts";
