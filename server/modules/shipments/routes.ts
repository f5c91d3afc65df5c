import type { FastifyReply } from "fastify";
import { translate } from "../../i18n.ts";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import {
  addableOrders,
  createShipment,
  deleteShipment,
  saveRemark,
  shipmentAddress,
  shipmentDetail,
  shipmentList,
  updateShipment,
  type ShipmentCaller,
} from "./service.ts";
import { packingListFileName, packingListPdf } from "./packingList.ts";

const callerOf = (req: Parameters<typeof memberOf>[0]): ShipmentCaller => ({
  memberId: memberOf(req).memberId,
  locale: req.locale,
});

/** Shipments (issue 23, SHIP-023..031). */
export function shipmentRoutes({ db, config }: RouteContext) {
  const step = config.productionStepSeconds;
  return {
    async shippingList(req: OperationRequest<"shippingList">) {
      const { data, total } = await shipmentList(db, callerOf(req), req.query, step);
      return { ...ok(req, data), total };
    },

    async shippingDetail(req: OperationRequest<"shippingDetail">) {
      return ok(req, await shipmentDetail(db, callerOf(req), Number(req.params.id), step));
    },

    async shippingCreate(req: OperationRequest<"shippingCreate">) {
      const shipment = await createShipment(db, callerOf(req), req.body ?? {}, new Date(), step);
      return { ...ok(req, shipment), message: translate(req.locale, "shipment.created", { code: shipment.code }) };
    },

    async shippingUpdate(req: OperationRequest<"shippingUpdate">) {
      return ok(req, await updateShipment(db, callerOf(req), req.body ?? {}, new Date(), step), "shipment.updated");
    },

    async shippingDelete(req: OperationRequest<"shippingDelete">) {
      return ok(req, await deleteShipment(db, callerOf(req), req.query.id), "shipment.deleted");
    },

    async shippingAddOrder(req: OperationRequest<"shippingAddOrder">) {
      const { data, total } = await addableOrders(db, callerOf(req), req.query);
      return { ...ok(req, data), total };
    },

    async shippingRemark(req: OperationRequest<"shippingRemark">) {
      return ok(req, await saveRemark(db, callerOf(req), Number(req.params.id), req.body?.remark ?? ""));
    },

    async shippingPackingList(req: OperationRequest<"shippingPackingList">, reply: FastifyReply) {
      const shipment = await shipmentDetail(db, callerOf(req), Number(req.params.id), step);
      const body = await packingListPdf(shipment, req.locale, new Date().toISOString().slice(0, 10));
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `attachment; filename="${packingListFileName(shipment.code)}"`)
        .header("Cache-Control", "no-store")
        .send(Buffer.from(body));
    },

    async shippingAddressOne(req: OperationRequest<"shippingAddressOne">) {
      return ok(req, await shipmentAddress(db, callerOf(req), req.query.id));
    },
  };
}
