import type * as z from "zod/mini";
import { intParam, listSearchShape, textParam } from "../../app/search.ts";

/** The shipment list's address (SHIP-001, SHIP-003): keyword, status, page and size. */
export const shipmentSearchShape = { ...listSearchShape, keywords: textParam, status: intParam };
export type ShipmentSearch = z.output<z.ZodMiniObject<typeof shipmentSearchShape>>;
