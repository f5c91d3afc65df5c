/**
 * The route helpers now live in server/modules/shared/http.ts; this path stays for the routes still under
 * server/routes/ (orders), which import it.
 */
export {
  localeOfRequest,
  memberOf,
  ok,
  sendSvg,
  type OperationRequest,
  type RouteContext,
} from "../modules/shared/http.ts";
