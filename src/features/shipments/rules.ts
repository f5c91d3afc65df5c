/** The shipment rules the views show (domain/shipments.ts): views read them here, never from domain/. */
export {
  ADDABLE_PAGE_SIZES,
  CARD_ORDERS,
  canDeleteShipment,
  canEditShipDate,
  canEditShipment,
  MAX_SHIPMENT_REMARK,
  SHIPMENT_STATUS,
  SHIPMENT_STATUSES,
  shipmentStyle,
  todayIn,
  type DateSorts,
} from "../../../domain/shipments.ts";
