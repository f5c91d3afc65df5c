/** The shipment rules the views show (domain/shipments.ts): views read them here, never from domain/. */
export {
  ADDABLE_PAGE_SIZES,
  CARD_ORDERS,
  canDeleteShipment,
  canEditShipDate,
  canEditShipment,
  MAX_DELAY_WARNING_DAYS,
  MAX_SHIPMENT_REMARK,
  readyDateOf,
  SHIPMENT_STATUS,
  SHIPMENT_STATUSES,
  shipmentStyle,
  todayIn,
  type DateSorts,
} from "../../../domain/shipments.ts";
/** The carrier's tracking page of a waybill (the express company's `expressUrl`, `{waybill}` filled in). */
export { trackingUrl } from "../../../domain/addresses.ts";
