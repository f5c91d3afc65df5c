import type { Db } from "../../db/client.ts";
import type { ShipmentAddress } from "../../db/schema.ts";
import type { Transaction } from "../../db/transaction.ts";

/**
 * The one place shipments read the address book (the addresses module, issue 23): the caller's address
 * `addressId` as the shipment copies it, or undefined when it is not one of the caller's own.
 */
export async function addressForShipment(
  _db: Db,
  _memberId: number,
  _addressId: number,
  _tx?: Transaction,
): Promise<ShipmentAddress | undefined> {
  return undefined;
}
