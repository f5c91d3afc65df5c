import type { Db } from "../../db/client.ts";
import type { ShipmentAddress, ShipmentAddressNames } from "../../db/schema.ts";
import type { Transaction } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { LOCALES, type Locale } from "../../i18n.ts";
import { requireOwnAddress } from "../addresses/service.ts";

/**
 * The one place shipments read the address book (the addresses module): the caller's address
 * `addressId` as the shipment copies it, or undefined when it is not one of the caller's own. The copy
 * is what the parcel keeps (SHIP-008): its dictionary names in both languages (`names`), the flat ones
 * in the caller's `locale`; `addressIn` reads it in a language.
 */
export async function addressForShipment(
  db: Db,
  memberId: number,
  addressId: number,
  locale: Locale,
  tx?: Transaction,
): Promise<ShipmentAddress | undefined> {
  try {
    const names: Partial<Record<Locale, ShipmentAddressNames>> = {};
    let copy: Omit<ShipmentAddress, keyof ShipmentAddressNames> | undefined;
    for (const language of LOCALES) {
      const a = await requireOwnAddress(db, { memberId, locale: language }, addressId, tx);
      names[language] = {
        addressInfo: [a.address, a.city, a.provinceName, a.zipcode, a.countryName]
          .filter((part) => part !== "")
          .join(", "),
        expressName: a.expressName,
        expressTypeName: a.expressTypeName,
        payTypeName: a.payTypeName,
        countryName: a.countryName,
        provinceName: a.provinceName,
      };
      copy ??= {
        contact: a.contact,
        phone: a.phone,
        expressUrl: a.expressUrl,
        city: a.city,
        address: a.address,
        zip: a.zipcode,
        isDefault: a.isDefault === 1 ? 1 : 0,
      };
    }
    return { ...copy!, ...names[locale]!, names };
  } catch (error) {
    if (error instanceof AppError && error.code === 1003) return undefined;
    throw error;
  }
}

/** A shipment's address copy read in `locale` (its own names when it has them), without the other languages. */
export function addressIn(address: ShipmentAddress, locale: Locale): Omit<ShipmentAddress, "names"> {
  const { names, ...flat } = address;
  return { ...flat, ...names?.[locale] };
}
