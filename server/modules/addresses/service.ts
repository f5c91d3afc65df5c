import {
  ADDRESS_DICT,
  addressRefusals,
  MAX_ADDRESSES,
  trimAddress,
  type AddressDraft,
  type AddressRefusal,
} from "../../../domain/addresses.ts";
import type { Db } from "../../db/client.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import { translate, type Locale, type MessageKey } from "../../i18n.ts";
import { basicDictionary } from "../dictionaries/service.ts";
import { addressesRepository, type AddressColumns } from "./repository.ts";

/**
 * Delivery addresses (issue 23, ADDR-007..032). An address belongs to the account that saved it (a main
 * account and its sub-accounts each keep their own book): another account's id is "not found" and
 * changes nothing. An account with addresses has exactly one default (ADDR-008): the partial unique index
 * `addresses_one_default_key` holds it whatever runs at once, and every call that moves the default locks
 * the account's row first, so they run one after the other.
 *
 * For the shipment area: a shipment copies the address it uses (`requireOwnAddress` answers the full
 * address, names included), so editing or deleting an address here never changes a shipment.
 */

/** Who asks, in which language. */
export interface AddressAsker {
  memberId: number;
  locale: Locale;
}

/** The body of POST/PUT pc/address (the names sent back are ignored). */
export type AddressBody = AddressDraft & { id?: number };

const badRequest = (key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(400, key, params, 400);
const refused = (key: MessageKey, params: Record<string, string | number> = {}) => new AppError(1002, key, params);

/** The AppError of a domain refusal: the field's label in the caller's language. */
function refusalError(locale: Locale, refusal: AddressRefusal): AppError {
  if (refusal.key === "address.tooLong")
    return badRequest(refusal.key, {
      field: translate(locale, `address.field.${refusal.field}` as MessageKey),
      max: refusal.max,
    });
  return badRequest(refusal.key);
}

/** ADDR-023: the caller's addresses (the default first, then the newest). */
export async function listAddresses(db: Db, asker: AddressAsker, isDefault?: 0 | 1) {
  return addressesRepository(db).list(asker.memberId, asker.locale, isDefault);
}

/**
 * ADDR-027: one of the caller's addresses with its dictionary names; another account's (or a missing)
 * id is not found (code 1003). The shipment area copies this answer onto a shipment.
 */
export async function requireOwnAddress(db: Db, asker: AddressAsker, id: number, tx?: Transaction) {
  const row = await addressesRepository(db).one(asker.memberId, id, asker.locale, tx);
  if (!row) throw notFound("address.notFound", { id });
  return row;
}

/**
 * The columns to store, after ADDR-009..021 (domain/addresses.ts) and the dictionaries: the country, its
 * state (or a typed one when it has none), the state's city (or a typed one when it has none), the express
 * company delivering to the country, the express type and both payment methods must be offered.
 */
async function checkedColumns(db: Db, locale: Locale, body: AddressBody, tx: Transaction): Promise<AddressColumns> {
  const draft = trimAddress(body);
  const repository = addressesRepository(db);
  const countryCode = draft.countryCode ?? "";
  const found = countryCode === "" ? undefined : await repository.countryWithStates(countryCode, tx);
  const statesOffered = found ? found.states.length > 0 : false;
  const [first] = addressRefusals(draft, { statesOffered });
  if (first) throw refusalError(locale, first);
  if (!found) throw refused("address.countryUnknown", { code: countryCode.slice(0, 40) });

  let provinceCode = "";
  let provinceName = draft.provinceName ?? "";
  let city = draft.city ?? "";
  if (statesOffered) {
    const state = found.states.find((s) => s.code === draft.provinceCode);
    if (!state) throw refused("address.stateUnknown", { code: (draft.provinceCode ?? "").slice(0, 40) });
    provinceCode = state.code;
    provinceName = state.enName;
    const cities = await repository.cities(state.id, tx);
    if (cities.length > 0) {
      const match = cities.find((c) => c.enName === city || c.zhName === city);
      if (!match) throw refused("address.cityUnknown", { name: city.slice(0, 40) });
      city = match.enName;
    }
  }

  const zh = locale === "zh";
  const express = await repository.express(draft.express!, tx);
  if (!express) throw refused("address.expressUnknown", { id: draft.express! });
  if (!express.countryCodes.includes("*") && !express.countryCodes.includes(found.country.code))
    throw refused("address.expressNotServing", {
      express: zh ? express.zhName : express.enName,
      country: zh ? found.country.zhName : found.country.enName,
    });
  const entries = await repository.dictEntries([draft.expressType!, draft.payType!, draft.taxType!], tx);
  const inCategory = (id: number, category: number) => entries.some((e) => e.id === id && e.category === category);
  if (!inCategory(draft.expressType!, ADDRESS_DICT.expressType))
    throw refused("address.expressTypeUnknown", { id: draft.expressType! });
  for (const id of [draft.payType!, draft.taxType!])
    if (!inCategory(id, ADDRESS_DICT.payment)) throw refused("address.payTypeUnknown", { id });

  return {
    express: express.id,
    expressType: draft.expressType!,
    company: draft.company ?? "",
    contact: draft.contact ?? "",
    phone: draft.phone ?? "",
    email: draft.email ?? "",
    countryCode: found.country.code,
    provinceCode,
    provinceName,
    city,
    address: draft.address ?? "",
    zipcode: draft.zipcode ?? "",
    payType: draft.payType!,
    payAccount: draft.payAccount ?? "",
    payZipcode: draft.payZipcode ?? "",
    taxType: draft.taxType!,
    taxAccount: draft.taxAccount ?? "",
    taxZipcode: draft.taxZipcode ?? "",
    isOrigianl: draft.isOrigianl ?? 0,
    insuranceService: draft.insuranceService ?? 0,
    dtpService: draft.dtpService ?? 0,
    emailMessage: draft.emailMessage ?? 0,
    remark: draft.remark ?? "",
  };
}

/** ADDR-024: a new address of the caller; the account's first address (or isDefault 1) is the default. */
export async function createAddress(db: Db, asker: AddressAsker, body: AddressBody) {
  const repository = addressesRepository(db);
  return withTransaction(db, async (tx) => {
    await repository.lockMember(asker.memberId, tx);
    const columns = await checkedColumns(db, asker.locale, body, tx);
    if ((await repository.countOf(asker.memberId, tx)) >= MAX_ADDRESSES)
      throw refused("address.tooMany", { max: MAX_ADDRESSES });
    const id = await repository.insert(asker.memberId, { ...columns, isDefault: 0 }, tx);
    if (body.isDefault === 1 || (await repository.defaultId(asker.memberId, tx)) === undefined)
      await repository.makeDefault(asker.memberId, id, tx);
    return requireOwnAddress(db, asker, id, tx);
  });
}

/** ADDR-025: every field of one of the caller's addresses; isDefault 1 makes it the default. */
export async function updateAddress(db: Db, asker: AddressAsker, body: AddressBody & { id: number }) {
  const repository = addressesRepository(db);
  return withTransaction(db, async (tx) => {
    await repository.lockMember(asker.memberId, tx);
    await requireOwnAddress(db, asker, body.id, tx);
    const columns = await checkedColumns(db, asker.locale, body, tx);
    await repository.update(asker.memberId, body.id, columns, tx);
    if (body.isDefault === 1) await repository.makeDefault(asker.memberId, body.id, tx);
    return requireOwnAddress(db, asker, body.id, tx);
  });
}

/** ADDR-026: deletes one of the caller's addresses; when it was the default the newest remaining one is. */
export async function deleteAddress(db: Db, asker: AddressAsker, id: number) {
  const repository = addressesRepository(db);
  return withTransaction(db, async (tx) => {
    await repository.lockMember(asker.memberId, tx);
    const wasDefault = await repository.remove(asker.memberId, id, tx);
    if (wasDefault === null) throw notFound("address.notFound", { id });
    if (wasDefault) {
      const newest = await repository.newestId(asker.memberId, tx);
      if (newest !== undefined) await repository.makeDefault(asker.memberId, newest, tx);
    }
    return { id, defaultId: (await repository.defaultId(asker.memberId, tx)) ?? null };
  });
}

/** ADDR-008, ADDR-028: the address becomes the default (0 -> 1), the old default loses it (1 -> 0). */
export async function setDefaultAddress(db: Db, asker: AddressAsker, id: number) {
  const repository = addressesRepository(db);
  return withTransaction(db, async (tx) => {
    await repository.lockMember(asker.memberId, tx);
    await requireOwnAddress(db, asker, id, tx);
    await repository.makeDefault(asker.memberId, id, tx);
    return requireOwnAddress(db, asker, id, tx);
  });
}

/** ADDR-029, ADDR-032: the express companies (category 92), names in the caller's language. */
export async function expressDictionary(db: Db, locale: Locale) {
  const rows = await addressesRepository(db).expressList();
  return rows.map((r) => ({
    id: r.id,
    category: ADDRESS_DICT.express,
    code: r.code,
    name: locale === "zh" ? r.zhName : r.enName,
    enName: r.enName,
    zhName: r.zhName,
    expressUrl: r.expressUrl,
    countryCodes: r.countryCodes,
    pos: r.pos,
  }));
}

/** ADDR-030, ADDR-031: the address dictionaries (the basic dictionary's entries). */
export const addressDictionary = basicDictionary;
