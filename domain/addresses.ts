/**
 * Delivery addresses (001 §2, §3, §5; ADDR-007..022): the fields an address carries, the checks of the
 * address form and the tracking link of an express company. The browser's address form and the server's
 * POST/PUT pc/address call the same `addressRefusals`, so a refusal reads the same on both sides.
 */

/** ADDR-031, ADDR-032: the dictionary categories of an address. */
export const ADDRESS_DICT = { payment: 2, expressType: 3, country: 4, state: 5, city: 6, express: 92 } as const;

/** Designed: an account keeps at most this many addresses. */
export const MAX_ADDRESSES = 100;

/** The text fields of an address and their designed maximum length, in characters. */
export const ADDRESS_TEXT_LIMITS = {
  company: 100,
  contact: 100,
  phone: 30,
  email: 100,
  provinceName: 100,
  city: 100,
  address: 300,
  zipcode: 20,
  payAccount: 50,
  payZipcode: 20,
  taxAccount: 50,
  taxZipcode: 20,
  remark: 500,
} as const;
export type AddressTextField = keyof typeof ADDRESS_TEXT_LIMITS;

/** The fields a user fills (ADDR-007), as the form and the POST/PUT body carry them. */
export interface AddressDraft {
  express?: number | null;
  expressType?: number | null;
  company?: string;
  contact?: string;
  phone?: string;
  email?: string;
  countryCode?: string;
  provinceCode?: string;
  provinceName?: string;
  city?: string;
  address?: string;
  zipcode?: string;
  payType?: number | null;
  payAccount?: string;
  payZipcode?: string;
  taxType?: number | null;
  taxAccount?: string;
  taxZipcode?: string;
  isOrigianl?: 0 | 1;
  insuranceService?: 0 | 1;
  dtpService?: 0 | 1;
  emailMessage?: 0 | 1;
  isDefault?: 0 | 1;
  remark?: string;
}

/** The field a refusal names: the form scrolls to it (ADDR-022), the server names it in its message. */
export type AddressField =
  | "express"
  | "expressType"
  | "contact"
  | "phone"
  | "email"
  | "countryCode"
  | "province"
  | "city"
  | "address"
  | "zipcode"
  | "payType"
  | "taxType"
  | AddressTextField;

/** The tab of the address form each field is on (ADDR-004): contacts information, express information. */
export const ADDRESS_TAB: Record<AddressField, "contacts" | "express"> = {
  company: "contacts",
  contact: "contacts",
  phone: "contacts",
  email: "contacts",
  countryCode: "contacts",
  province: "contacts",
  provinceName: "contacts",
  city: "contacts",
  address: "contacts",
  zipcode: "contacts",
  express: "express",
  expressType: "express",
  payType: "express",
  payAccount: "express",
  payZipcode: "express",
  taxType: "express",
  taxAccount: "express",
  taxZipcode: "express",
  remark: "express",
};

/** Why an address cannot be saved: a message key (server/i18n.ts and the form's catalog) and the field. */
export type AddressRefusal =
  | {
      key:
        | "address.expressRequired"
        | "address.expressTypeRequired"
        | "address.contactRequired"
        | "address.phoneRequired"
        | "address.countryRequired"
        | "address.stateRequired"
        | "address.cityRequired"
        | "address.addressRequired"
        | "address.zipRequired"
        | "address.payTypeRequired"
        | "address.taxTypeRequired"
        | "address.emailInvalid"
        | "address.phoneInvalid";
      field: AddressField;
    }
  | { key: "address.tooLong"; field: AddressTextField; max: number };

/**
 * What the dictionaries offer for the chosen country (ADDR-021): `statesOffered` false when the country
 * has no states in the dictionary (the state is then typed into provinceName). The city is a text either
 * way: picked from the state's cities when it has some, typed when it has none.
 */
export interface AddressDictContext {
  statesOffered: boolean;
}

const blank = (value: string | undefined | null) => (value ?? "").trim() === "";
const length = (value: string | undefined | null) => [...(value ?? "")].length;

/** A plain e-mail shape: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with an optional leading +, spaces, dashes, dots and brackets; at least 5 digits. */
const PHONE = /^\+?[0-9 ().-]*$/;

/**
 * Every reason the address cannot be saved, in the order of the form (contacts tab, then express tab):
 * ADDR-011 contact, ADDR-012 phone, ADDR-013 country, ADDR-014 state, ADDR-015 city, ADDR-016 address1,
 * ADDR-017 zip, ADDR-009 express, ADDR-010 express type, ADDR-018 payment method, ADDR-019 tariff payment
 * method; ADDR-020 e-mail, accounts and remarks are optional (an e-mail, when given, must look like one);
 * every text at most its ADDRESS_TEXT_LIMITS length (designed). State: the dictionary's state
 * (provinceCode) when the country has states, else a typed provinceName.
 */
export function addressRefusals(draft: AddressDraft, context: AddressDictContext): AddressRefusal[] {
  const refusals: AddressRefusal[] = [];
  const tooLong = (field: AddressTextField) => {
    const max = ADDRESS_TEXT_LIMITS[field];
    if (length(draft[field]) > max) refusals.push({ key: "address.tooLong", field, max });
  };
  const phone = draft.phone ?? "";
  // contacts information
  tooLong("company");
  if (blank(draft.contact)) refusals.push({ key: "address.contactRequired", field: "contact" });
  else tooLong("contact");
  if (blank(phone)) refusals.push({ key: "address.phoneRequired", field: "phone" });
  else if (length(phone) > ADDRESS_TEXT_LIMITS.phone) tooLong("phone");
  else if (!PHONE.test(phone.trim()) || phone.replace(/[^0-9]/g, "").length < 5)
    refusals.push({ key: "address.phoneInvalid", field: "phone" });
  if (!blank(draft.email)) {
    if (length(draft.email) > ADDRESS_TEXT_LIMITS.email) tooLong("email");
    else if (!EMAIL.test((draft.email ?? "").trim())) refusals.push({ key: "address.emailInvalid", field: "email" });
  }
  if (blank(draft.countryCode)) refusals.push({ key: "address.countryRequired", field: "countryCode" });
  if (context.statesOffered ? blank(draft.provinceCode) : blank(draft.provinceName))
    refusals.push({ key: "address.stateRequired", field: "province" });
  else if (!context.statesOffered) tooLong("provinceName");
  if (blank(draft.city)) refusals.push({ key: "address.cityRequired", field: "city" });
  else tooLong("city");
  if (blank(draft.address)) refusals.push({ key: "address.addressRequired", field: "address" });
  else tooLong("address");
  if (blank(draft.zipcode)) refusals.push({ key: "address.zipRequired", field: "zipcode" });
  else tooLong("zipcode");
  // express information
  if (!draft.express) refusals.push({ key: "address.expressRequired", field: "express" });
  if (!draft.expressType) refusals.push({ key: "address.expressTypeRequired", field: "expressType" });
  if (!draft.payType) refusals.push({ key: "address.payTypeRequired", field: "payType" });
  tooLong("payAccount");
  tooLong("payZipcode");
  if (!draft.taxType) refusals.push({ key: "address.taxTypeRequired", field: "taxType" });
  tooLong("taxAccount");
  tooLong("taxZipcode");
  tooLong("remark");
  return refusals;
}

/** The text fields trimmed (a value of only spaces is empty); the rest as given. */
export function trimAddress<T extends AddressDraft>(draft: T): T {
  const out: T = { ...draft };
  for (const field of [
    ...(Object.keys(ADDRESS_TEXT_LIMITS) as AddressTextField[]),
    "countryCode",
    "provinceCode",
  ] as const) {
    const value = draft[field];
    if (typeof value === "string") out[field] = value.trim();
  }
  return out;
}

/** The placeholder an express company's expressUrl carries where the waybill number goes. */
export const WAYBILL_PLACEHOLDER = "{waybill}";

/**
 * The carrier's tracking page of one parcel: expressUrl with the waybill number in place of `{waybill}`
 * (URI-encoded), or expressUrl followed by it when the template has no placeholder.
 */
export function trackingUrl(expressUrl: string, waybill: string): string {
  const number = encodeURIComponent(waybill.trim());
  return expressUrl.includes(WAYBILL_PLACEHOLDER)
    ? expressUrl.split(WAYBILL_PLACEHOLDER).join(number)
    : `${expressUrl}${number}`;
}
