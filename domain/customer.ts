/** Step-1 customer rules of the simple and quick orders (000 §4, §5; D-06). */
import type { components } from "../openapi/portal";
import { GENDER } from "./ids.ts";
import {
  convertLength,
  convertWeight,
  DEFAULT_HEIGHT_UNIT,
  DEFAULT_WEIGHT_UNIT,
  HEIGHT_UNIT,
  lengthUnitName,
  WEIGHT_UNIT,
} from "./units.ts";

export { GENDER };

export interface BasicInfo {
  customerName: string;
  shortName: string;
  height: string;
  heightUnit: number | null;
  weight: string;
  weightUnit: number | null;
  genderId: number | null;
  fabric: string;
}

export type BasicInfoRefusal =
  | { key: "customer.nameRequired" } // QO-130
  | { key: "customer.nicknameRequired" } // D-06
  | { key: "customer.heightRequired" } // QO-131
  | { key: "customer.weightRequired" } // D-06
  | { key: "customer.weightUnitRequired" } // QO-132
  | { key: "customer.genderRequired" } // QO-133
  | BodyRangeRefusal // the book's limits (bodyRangeRefusal): one rule for order entry and the book
  | { key: "order.fabricRequired" }; // QO-134

/**
 * QO-130..135 with D-06 (nickname and weight are required too): checked in this order; the first
 * failure stops. A given height or weight must lie within the book's limits (bodyRangeRefusal), so
 * order entry and the customer book refuse the same values with the same message.
 */
export function firstBasicInfoRefusal(info: BasicInfo): BasicInfoRefusal | null {
  if (!info.customerName.trim()) return { key: "customer.nameRequired" };
  if (!info.shortName.trim()) return { key: "customer.nicknameRequired" };
  if (!info.height.trim()) return { key: "customer.heightRequired" };
  const height = bodyRangeRefusal("height", info.height, info.heightUnit);
  if (height) return height;
  if (!info.weight.trim()) return { key: "customer.weightRequired" };
  if (info.weightUnit === null) return { key: "customer.weightUnitRequired" };
  const weight = bodyRangeRefusal("weight", info.weight, info.weightUnit);
  if (weight) return weight;
  if (info.genderId === null) return { key: "customer.genderRequired" };
  if (!info.fabric.trim()) return { key: "order.fabricRequired" };
  return null;
}

/** QO-122, QO-123: male by default, female when the first category's code starts with W. */
export const defaultGender = (firstCategoryCode: string | undefined) =>
  firstCategoryCode?.toUpperCase().startsWith("W") ? GENDER.female : GENDER.male;

/** QO-020: month, date and year joined as year-month-day (zero-padded); incomplete → empty. */
export function joinBirthday(month: string, date: string, year: string): string {
  const [m, d, y] = [Number(month), Number(date), Number(year)];
  if (!Number.isInteger(m) || !Number.isInteger(d) || !Number.isInteger(y) || !month || !date || !year) return "";
  const candidate = new Date(Date.UTC(y, m - 1, d));
  if (candidate.getUTCFullYear() !== y || candidate.getUTCMonth() !== m - 1 || candidate.getUTCDate() !== d) return "";
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * The customer form of order entry (QO-011..020, QO-103, QO-104): the customer fields, a customer
 * picked from the account's book (filling height, weight and gender), height and weight with their
 * units (a unit switch converts the value), gender, quantity and birthday.
 */
export interface BasicInfoForm {
  customerId: number | null;
  /**
   * Issue 24: the kept measurement set of the picked customer the order starts from (the customer's
   * current measurements when absent); picking a customer again replaces it.
   */
  measureSetId?: number;
  customerName: string;
  shortName: string;
  height: string;
  heightUnit: number;
  weight: string;
  weightUnit: number;
  genderId: number | null;
  amount: number;
  cusOrderCode: string;
  phone: string;
  email: string;
  birthday: { month: string; date: string; year: string };
  address: string;
}

/** A customer of the account's book, as the autocomplete offers it (QO-011): what the form takes from it. */
export type CustomerPick = Pick<
  components["schemas"]["Customer"],
  "id" | "custName" | "shortName" | "genderId" | "height" | "heightUnit" | "weight" | "weightUnit"
>;

/** The customer form's edits (QO-011..020, QO-103, QO-104), as the flows receive them. */
export type CustomerEdit =
  | {
      type: "user.edit";
      field: "customerName" | "shortName" | "height" | "weight" | "cusOrderCode" | "phone" | "email" | "address";
      value: string;
    }
  | { type: "user.pickCustomer"; customer: CustomerPick; measureSetId?: number }
  | { type: "user.setHeightUnit"; unit: number }
  | { type: "user.setWeightUnit"; unit: number }
  | { type: "user.setGender"; genderId: number }
  | { type: "user.setAmount"; amount: number }
  | { type: "user.setBirthday"; part: "month" | "date" | "year"; value: string };

export const emptyBasic = (): BasicInfoForm => ({
  customerId: null,
  customerName: "",
  shortName: "",
  height: "",
  heightUnit: DEFAULT_HEIGHT_UNIT,
  weight: "",
  weightUnit: DEFAULT_WEIGHT_UNIT,
  genderId: null,
  amount: 1,
  cusOrderCode: "",
  phone: "",
  email: "",
  birthday: { month: "", date: "", year: "" },
  address: "",
});

/** A typed number in another unit; an empty or non-numeric entry stays as typed. */
const converted = (value: string, convert: (n: number) => number) =>
  value.trim() === "" || Number.isNaN(Number(value)) ? value : String(convert(Number(value)));

/** The customer form's reducer: what an edit makes of the form (the rule of each edit). */
export function editCustomer(basic: BasicInfoForm, event: CustomerEdit): BasicInfoForm {
  switch (event.type) {
    case "user.edit":
      return { ...basic, [event.field]: event.value };
    case "user.pickCustomer": {
      // A chosen customer fills height, weight and gender (and the customer fields).
      const { customer } = event;
      return {
        ...basic,
        customerId: customer.id,
        measureSetId: event.measureSetId,
        customerName: customer.custName,
        shortName: customer.shortName,
        genderId: customer.genderId,
        height: String(customer.height),
        heightUnit: customer.heightUnit,
        weight: String(customer.weight),
        weightUnit: customer.weightUnit,
      };
    }
    // QO-103: switching the unit converts the value
    case "user.setHeightUnit":
      return {
        ...basic,
        heightUnit: event.unit,
        height: converted(basic.height, (n) => convertLength(n, basic.heightUnit, event.unit)),
      };
    // QO-104, D-11
    case "user.setWeightUnit":
      return {
        ...basic,
        weightUnit: event.unit,
        weight: converted(basic.weight, (n) => convertWeight(n, basic.weightUnit, event.unit)),
      };
    case "user.setGender":
      return { ...basic, genderId: event.genderId };
    // QO-015: at least one piece, whole pieces
    case "user.setAmount":
      return { ...basic, amount: Number.isFinite(event.amount) ? Math.max(1, Math.floor(event.amount)) : basic.amount };
    case "user.setBirthday":
      return { ...basic, birthday: { ...basic.birthday, [event.part]: event.value } };
  }
}

/**
 * QO-097: the body data the finished-size pre-calculation is made from (the customer, height,
 * weight, their units, gender); a change to any of it needs the calculation again.
 */
export const isBodyChange = (before: BasicInfoForm, after: BasicInfoForm): boolean =>
  before.customerId !== after.customerId ||
  before.measureSetId !== after.measureSetId ||
  before.height !== after.height ||
  before.heightUnit !== after.heightUnit ||
  before.weight !== after.weight ||
  before.weightUnit !== after.weightUnit ||
  before.genderId !== after.genderId;

/**
 * The customer book's record (CUST-018) as a form or a request gives it: text as typed, or numbers.
 * `birthdate` is year-month-day or empty.
 */
export interface CustomerRecord {
  custName: string;
  shortName: string;
  genderId: number | null;
  height: string | number | null;
  heightUnit: number | null;
  weight: string | number | null;
  weightUnit: number | null;
  email: string;
  birthdate: string;
}

const numberOf = (value: string | number | null): number | null => {
  if (value === null) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : Number.NaN;
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/**
 * The limits of a person's height and weight, in cm and kg (designed: the documents give none, only that
 * both are required, D-06, and convert by D-11; issue 24 refuses a height of -1 or 10,000). One rule for
 * the customer book, order entry (every flow, the server's draft check) and the order customer edit.
 */
export const HEIGHT_CM_RANGE = { min: 40, max: 250 } as const;
export const WEIGHT_KG_RANGE = { min: 3, max: 300 } as const;

export type BodyFigure = "height" | "weight";
export type BodyRangeRefusal =
  | { key: "customer.heightOutOfRange"; field: "height"; min: number; max: number; unit: "cm" | "inch" }
  | { key: "customer.weightOutOfRange"; field: "weight"; min: number; max: number; unit: "kg" | "lb" };

/** The limits of a height (in its length unit) or a weight (in its weight unit), converted by D-11. */
export function bodyRange(figure: BodyFigure, unit: number | null): { min: number; max: number; unit: string } {
  if (figure === "height") {
    const to = unit ?? HEIGHT_UNIT.cm;
    return {
      min: convertLength(HEIGHT_CM_RANGE.min, HEIGHT_UNIT.cm, to),
      max: convertLength(HEIGHT_CM_RANGE.max, HEIGHT_UNIT.cm, to),
      unit: lengthUnitName(unit),
    };
  }
  const to = unit ?? WEIGHT_UNIT.kg;
  return {
    min: convertWeight(WEIGHT_KG_RANGE.min, WEIGHT_UNIT.kg, to),
    max: convertWeight(WEIGHT_KG_RANGE.max, WEIGHT_UNIT.kg, to),
    unit: unit === WEIGHT_UNIT.lb ? "lb" : "kg",
  };
}

/**
 * A given height or weight outside its limits (text that is not a number too), or null; an empty
 * value is the required rule's to refuse, not this one's.
 */
export function bodyRangeRefusal(
  figure: BodyFigure,
  value: string | number | null,
  unit: number | null,
): BodyRangeRefusal | null {
  const n = numberOf(value);
  if (n === null) return null;
  const range = bodyRange(figure, unit);
  if (n >= range.min && n <= range.max) return null;
  return figure === "height"
    ? { key: "customer.heightOutOfRange", field: "height", min: range.min, max: range.max, unit: lengthUnitName(unit) }
    : {
        key: "customer.weightOutOfRange",
        field: "weight",
        min: range.min,
        max: range.max,
        unit: unit === WEIGHT_UNIT.lb ? "lb" : "kg",
      };
}

export type CustomerField = "custName" | "shortName" | "genderId" | "height" | "weight" | "email" | "birthdate";

export type CustomerRefusal =
  | { key: "customer.nameRequired"; field: "custName" } // CUST-024
  | { key: "customer.nicknameRequired"; field: "shortName" } // CUST-025
  | { key: "customer.genderRequired"; field: "genderId" } // CUST-026
  | { key: "customer.heightRequired"; field: "height" } // CUST-027
  | { key: "customer.weightRequired"; field: "weight" } // CUST-028
  | BodyRangeRefusal
  | { key: "customer.emailInvalid"; field: "email" }
  | { key: "customer.birthdateInvalid"; field: "birthdate" };

/** A birthday as year-month-day: a real calendar date from 1900 to today's year (no 31 February). */
export function isBirthdate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return (
    match !== null &&
    Number(match[1]) >= 1900 &&
    Number(match[1]) <= new Date().getUTCFullYear() &&
    joinBirthday(match[2]!, match[3]!, match[1]!) === text
  );
}

/**
 * CUST-024..031 with D-06: every fault of a customer record, one per field, in form order (CUST-030:
 * each missing field has its own message). Name, nickname, gender, height and weight are required, in
 * the add form and the edit modal alike (D-06); phone, e-mail, address and birthday are optional
 * (CUST-031) but a given e-mail or birthday must be one. Height and weight must be plausible in their unit.
 */
export function customerRefusals(record: CustomerRecord): CustomerRefusal[] {
  const faults: CustomerRefusal[] = [];
  if (!record.custName.trim()) faults.push({ key: "customer.nameRequired", field: "custName" });
  if (!record.shortName.trim()) faults.push({ key: "customer.nicknameRequired", field: "shortName" });
  if (record.genderId === null) faults.push({ key: "customer.genderRequired", field: "genderId" });
  if (numberOf(record.height) === null) faults.push({ key: "customer.heightRequired", field: "height" });
  else {
    const fault = bodyRangeRefusal("height", record.height, record.heightUnit);
    if (fault) faults.push(fault);
  }
  if (numberOf(record.weight) === null) faults.push({ key: "customer.weightRequired", field: "weight" });
  else {
    const fault = bodyRangeRefusal("weight", record.weight, record.weightUnit);
    if (fault) faults.push(fault);
  }
  if (record.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(record.email.trim()))
    faults.push({ key: "customer.emailInvalid", field: "email" });
  if (record.birthdate && !isBirthdate(record.birthdate))
    faults.push({ key: "customer.birthdateInvalid", field: "birthdate" });
  return faults;
}

/**
 * CSV cells a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first): kept as
 * typed in the book, written with a leading apostrophe in every export so they are shown as text.
 */
export const neutralizeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** CUST-021: a customer note's type. */
export const CUSTOMER_NOTE_TYPE = { appointment: 1, note: 2 } as const;
/** CUST-046, CUST-047: page sizes of the book. */
export const CUSTOMER_PAGE_SIZE = 18;
export const CUSTOMER_DETAIL_PAGE_SIZE = 20;
/** CUST-045: the dress-style dictionary. */
export const DRESS_STYLE_CATEGORY = 89;

/** CUST-032: a CSV import takes a file whose name ends in .csv only. */
export const isCsvFileName = (name: string) => /\.csv$/i.test(name.trim());
