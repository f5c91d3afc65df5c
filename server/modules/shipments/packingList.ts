import type { components } from "../../../openapi/portal.d.ts";
import { translate, type Locale } from "../../i18n.ts";
import { startPdf } from "../orderDetails/pdf.ts";

type Shipment = components["schemas"]["Shipment"];

type Label =
  | "title"
  | "code"
  | "shipDate"
  | "printed"
  | "status"
  | "waybill"
  | "address"
  | "contact"
  | "phone"
  | "street"
  | "place"
  | "zip"
  | "express"
  | "payment"
  | "orders"
  | "order"
  | "customer"
  | "garment"
  | "fabric"
  | "size"
  | "pieces"
  | "total"
  | "remark";

/**
 * A shipment's packing list (issue 23, beyond the documents): what goes into the parcel, to print and put
 * in it. The order details PDF's pieces (`startPdf`: A4, 20 pt margins, the CJK font, wrapped lines), in
 * the caller's language: the shipment (code, ship date, the day it was printed, waybill), the copy of the
 * delivery address the shipment keeps, then every order with its customer, garment, fabric, size and
 * pieces, and the total of pieces.
 */
export async function packingListPdf(shipment: Shipment, locale: Locale, printedOn: string): Promise<Uint8Array> {
  const label = (key: Label) => translate(locale, `shipment.pdf.${key}`);
  const { out, save } = await startPdf(`${label("title")} ${shipment.code}`, locale);
  out.line(`${label("title")} ${shipment.code}`, { size: 18 });
  out.gap();
  out.field(label("code"), shipment.code);
  out.field(label("shipDate"), shipment.shipdate);
  out.field(label("printed"), printedOn);
  out.field(label("status"), shipment.statusName);
  out.field(label("waybill"), shipment.waybillNo);
  if (shipment.remark) out.field(label("remark"), shipment.remark);

  // the copy the shipment keeps: editing the address book never changes it
  const a = shipment.address;
  out.heading(label("address"));
  out.field(label("contact"), a.contact);
  out.field(label("phone"), a.phone);
  out.field(label("street"), a.address);
  out.field(label("place"), [a.city, a.provinceName, a.countryName].filter(Boolean).join(", "));
  out.field(label("zip"), a.zip ?? "");
  out.field(label("express"), [a.expressName, a.expressTypeName].filter(Boolean).join(" · "));
  out.field(label("payment"), a.payTypeName);

  out.heading(`${label("orders")} (${shipment.orderList.length})`);
  shipment.orderList.forEach((order, i) => {
    out.gap(4);
    const customerCode = order.custOrderCode ? ` (${order.custOrderCode})` : "";
    out.line(`${i + 1}. ${label("order")} ${order.orderCode}${customerCode}`, { size: 11 });
    out.field(label("customer"), order.customerName, 14);
    out.field(label("garment"), order.clothCategoryName, 14);
    out.field(label("fabric"), order.fabric, 14);
    out.field(label("size"), order.sizeCategoryName, 14);
    out.field(label("pieces"), order.amount, 14);
  });
  out.gap();
  out.field(
    label("total"),
    shipment.orderList.reduce((sum, order) => sum + order.amount, 0),
  );
  return save();
}

/** The file is named after the shipment code. */
export const packingListFileName = (code: string) => `${code.replace(/[^A-Za-z0-9._-]/g, "_")}-packing-list.pdf`;
