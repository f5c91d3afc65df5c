import type { Db } from "../../db/client.ts";
import type { ShipmentAddress } from "../../db/schema.ts";
import type { Transaction } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import type { Locale } from "../../i18n.ts";
import { requireOwnAddress } from "../addresses/service.ts";

/**
 * The one place shipments read the address book (the addresses module): the caller's address
 * `addressId` as the shipment copies it (names in the caller's language at that moment), or undefined
 * when it is not one of the caller's own. The copy is what the parcel keeps (SHIP-008).
 */
export async function addressForShipment(
  db: Db,
  memberId: number,
  addressId: number,
  locale: Locale,
  tx?: Transaction,
): Promise<ShipmentAddress | undefined> {
  try {
    const a = await requireOwnAddress(db, { memberId, locale }, addressId, tx);
    const line = [a.address, a.city, a.provinceName, a.zipcode, a.countryName].filter((part) => part !== "").join(", ");
    return {
      contact: a.contact,
      phone: a.phone,
      addressInfo: line,
      expressName: a.expressName,
      expressTypeName: a.expressTypeName,
      expressUrl: a.expressUrl,
      payTypeName: a.payTypeName,
      countryName: a.countryName,
      provinceName: a.provinceName,
      city: a.city,
      address: a.address,
      zip: a.zipcode,
      isDefault: a.isDefault === 1 ? 1 : 0,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 1003) return undefined;
    throw error;
  }
}
