import { accountRoutes } from "./account/routes.ts";
import { addressRoutes } from "./addresses/routes.ts";
import { attachmentRoutes } from "./attachments/routes.ts";
import { billingRoutes } from "./billing/routes.ts";
import { cartRoutes } from "./cart/routes.ts";
import { catalogueRoutes } from "./catalogue/routes.ts";
import { craftRoutes } from "./crafts/routes.ts";
import { customerRoutes } from "./customers/routes.ts";
import { dictionaryRoutes } from "./dictionaries/routes.ts";
import { embroideryRoutes } from "./embroidery/routes.ts";
import { fabricRoutes } from "./fabrics/routes.ts";
import { goodsRoutes } from "./goods/routes.ts";
import { labelRoutes } from "./labels/routes.ts";
import { measurementRoutes } from "./measurements/routes.ts";
import { messageRoutes } from "./messages/routes.ts";
import { memberRoutes } from "./members/routes.ts";
import { orderActionRoutes } from "./orders/actionRoutes.ts";
import { orderDetailsRoutes } from "./orderDetails/routes.ts";
import { orderRoutes } from "./orders/routes.ts";
import { orderToolsRoutes } from "./orderTools/routes.ts";
import { pricingRoutes } from "./pricing/routes.ts";
import { sessionRoutes } from "./session/routes.ts";
import { shipmentRoutes } from "./shipments/routes.ts";
import type { RouteContext } from "./shared/http.ts";
import { styleBasicRoutes } from "./styleBasics/routes.ts";
import { styleRoutes } from "./styles/routes.ts";

/** Every module's operation handlers by operationId: the contract plugin routes /api calls to them. */
export function moduleHandlers(context: RouteContext) {
  return {
    ...sessionRoutes(context),
    ...memberRoutes(context),
    ...catalogueRoutes(context),
    ...dictionaryRoutes(context),
    ...fabricRoutes(context),
    ...craftRoutes(context),
    ...embroideryRoutes(context),
    ...styleBasicRoutes(context),
    ...measurementRoutes(context),
    ...customerRoutes(context),
    ...attachmentRoutes(context),
    ...pricingRoutes(context),
    ...cartRoutes(context),
    ...orderRoutes(context),
    ...orderActionRoutes(context),
    ...orderDetailsRoutes(context),
    ...styleRoutes(context),
    ...labelRoutes(context),
    ...orderToolsRoutes(context),
    ...billingRoutes(context),
    ...messageRoutes(context),
    ...accountRoutes(context),
    ...shipmentRoutes(context),
    ...addressRoutes(context),
    ...goodsRoutes(context),
  };
}
