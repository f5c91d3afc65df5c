import { bodyRange } from "./customer.ts";
import { HEIGHT_UNIT, ORDER_STATUS } from "./ids.ts";
import { convertLength } from "./units.ts";

/**
 * The consumption query (PROD-023, PROD-041..046, PROD-058) and the order customer edit (PROD-025,
 * PROD-047..050, PROD-061) of an order in production: their dictionaries, their field checks (shared by
 * the browser's forms and the server) and the fabric-consumption formula the server computes with.
 */

/** PROD-072, PROD-073 (D-05): the dictionaries of the form: 12 cut twice, 14 appearance. */
export const CONSUMPTION_DICT = { cutTwice: 12, appearance: 14 } as const;

/** The appearance entries (dictionary 14, designed ids): plain, striped, checked (a grid). */
export const APPEARANCE = { plain: 10141, stripe: 10142, grid: 10143 } as const;

/** PROD-046: cut twice defaults to 0 with the id 10051 ("No"); 10050 is "Yes" (value 1, designed). */
export const CUT_TWICE = { no: { id: 10051, value: "0" }, yes: { id: 10050, value: "1" } } as const;

/** What the consumption form sends (PROD-023): every field a string, as the documents name them. */
export interface ConsumptionForm {
  strStripeId: string;
  strStripe: string;
  strWidth: string;
  strStripeWidth: string;
  strGridWidth: string;
  strTwoClippingId: string;
  strTwoClipping: string;
  orderCode: string;
}

/** The form's fields in the order they are shown and checked. */
export const CONSUMPTION_FIELDS = [
  "strStripeId",
  "strStripe",
  "strWidth",
  "strStripeWidth",
  "strGridWidth",
  "strTwoClippingId",
  "strTwoClipping",
  "orderCode",
] as const satisfies ReadonlyArray<keyof ConsumptionForm>;
export type ConsumptionField = (typeof CONSUMPTION_FIELDS)[number];

/** PROD-046: a new form starts with cut twice "No" (0, id 10051). */
export function consumptionDefaults(orderCode: string): ConsumptionForm {
  return {
    strStripeId: "",
    strStripe: "",
    strWidth: "",
    strStripeWidth: "",
    strGridWidth: "",
    strTwoClippingId: String(CUT_TWICE.no.id),
    strTwoClipping: CUT_TWICE.no.value,
    orderCode,
  };
}

/** The widths (cm) the formula accepts: a cloth width of 50..400, a stripe or grid repeat of 0..100. */
export const WIDTH_RANGE = {
  strWidth: { min: 50, max: 400 },
  strStripeWidth: { min: 0, max: 100 },
  strGridWidth: { min: 0, max: 100 },
} as const;
export type WidthField = keyof typeof WIDTH_RANGE;

/** A refusal of a form: the message key, the field it names, and the values of its message. */
export type FormRefusal<F extends string> =
  | { key: "required"; field: F }
  | { key: "number"; field: F }
  | { key: "range"; field: F; min: number; max: number; unit?: string };

const NUMBER = /^\d{1,6}(\.\d{1,2})?$/;

/** PROD-044: every field is required; PROD-045: the widths are numbers (within WIDTH_RANGE). First refusal first. */
export function consumptionRefusal(form: ConsumptionForm): FormRefusal<ConsumptionField> | null {
  for (const field of CONSUMPTION_FIELDS) {
    // PROD-044: an empty field is "<field> cannot be empty".
    if (form[field].trim() === "") return { key: "required", field };
    if (field in WIDTH_RANGE) {
      const range = WIDTH_RANGE[field as WidthField];
      // PROD-045: cloth width, strip width (and grid size) are numeric.
      if (!NUMBER.test(form[field].trim())) return { key: "number", field };
      const value = Number(form[field]);
      if (value < range.min || value > range.max) return { key: "range", field, ...range };
    }
  }
  return null;
}

/** The order customer's fields the edit sends (PROD-025), as strings from the form. */
export interface OrderCustomerForm {
  custName: string;
  shortName: string;
  height: string;
  weight: string;
}
export const ORDER_CUSTOMER_REQUIRED = ["custName", "shortName", "height", "weight"] as const;
export type OrderCustomerField = (typeof ORDER_CUSTOMER_REQUIRED)[number];

/**
 * PROD-047..050: name, nickname, height and weight are required; height and weight are numbers within
 * the customer book's limits in the record's units (domain/customer.ts bodyRange: one rule for the
 * book, order entry and this edit; cm and kg when the units are not given).
 */
export function orderCustomerRefusal(
  form: OrderCustomerForm,
  units: { heightUnit?: number | null; weightUnit?: number | null } = {},
): FormRefusal<OrderCustomerField> | null {
  for (const field of ORDER_CUSTOMER_REQUIRED) {
    // PROD-047 name, PROD-048 nickname, PROD-049 height, PROD-050 weight: "<field> cannot be empty".
    if (form[field].trim() === "") return { key: "required", field };
    if (field === "height" || field === "weight") {
      // a negative number is a number out of range, as the book says it
      if (!NUMBER.test(form[field].trim().replace(/^-/, ""))) return { key: "number", field };
      const value = Number(form[field]);
      const range = bodyRange(field, (field === "height" ? units.heightUnit : units.weightUnit) ?? null);
      if (value < range.min || value > range.max) return { key: "range", field, ...range };
    }
  }
  return null;
}

/**
 * The statuses in which an order's customer record may still be edited (designed): in the cart (10368),
 * pending review (10371) and submitted (10030), that is until the factory starts cutting (206012).
 */
export const ORDER_CUSTOMER_EDITABLE: readonly number[] = [
  ORDER_STATUS.saved,
  ORDER_STATUS.pending,
  ORDER_STATUS.submitted,
];
export const canEditOrderCustomer = (status: number) => ORDER_CUSTOMER_EDITABLE.includes(status);

/** One garment piece as the formula needs it. */
export interface ConsumptionPiece {
  /** The catalogue's fabric usage of the piece's category (cm of a 150 cm wide cloth, reference body). */
  baseCm: number;
  /** The piece's measurements in cm. */
  measurementsCm: number[];
}

export interface ConsumptionInput {
  pieces: ConsumptionPiece[];
  clothWidthCm: number;
  appearanceId: number;
  stripWidthCm: number;
  gridSizeCm: number;
  cutTwice: boolean;
}

/** The reference the catalogue's usage is given for: a 150 cm wide cloth and a body whose largest measurement is 100 cm. */
export const REFERENCE_WIDTH_CM = 150;
export const REFERENCE_MEASURE_CM = 100;
/** Pattern repeats matched per piece (front, back, two sleeves or legs). */
export const MATCHED_PANELS = 4;
/** Cutting twice (a second, one-way lay) adds a tenth. */
export const CUT_TWICE_ALLOWANCE = 0.1;

export type ConsumptionOutcome = { ok: true; cm: number } | { ok: false; reason: "noPieces" | "noMeasurements" };

/**
 * The fabric consumption of an order (designed; the contract's getOrderCostDetail says the same):
 *
 *   per piece  = base × max(1, largest measurement / 100) × 150 / cloth width + 4 × repeat
 *   repeat     = strip width for a striped cloth, grid size for a checked one, 0 for a plain one
 *   total      = Σ pieces × (1.1 when cut twice, else 1), rounded up to the whole centimetre
 *
 * A piece without measurements cannot be computed: the query fails ("noMeasurements").
 */
export function fabricConsumption(input: ConsumptionInput): ConsumptionOutcome {
  if (input.pieces.length === 0) return { ok: false, reason: "noPieces" };
  const repeat =
    input.appearanceId === APPEARANCE.stripe
      ? input.stripWidthCm
      : input.appearanceId === APPEARANCE.grid
        ? input.gridSizeCm
        : 0;
  let total = 0;
  for (const piece of input.pieces) {
    if (piece.measurementsCm.length === 0) return { ok: false, reason: "noMeasurements" };
    const size = Math.max(1, Math.max(...piece.measurementsCm) / REFERENCE_MEASURE_CM);
    total += (piece.baseCm * size * REFERENCE_WIDTH_CM) / input.clothWidthCm + MATCHED_PANELS * repeat;
  }
  if (input.cutTwice) total *= 1 + CUT_TWICE_ALLOWANCE;
  // Rounded to a hundredth first, so a float's 235.0000001 stays 235.
  return { ok: true, cm: Math.ceil(Math.round(total * 100) / 100) };
}

/** A measurement in the order's unit, in cm. */
export const measureInCm = (value: number, unit: number | null) =>
  unit === HEIGHT_UNIT.inch ? convertLength(value, HEIGHT_UNIT.inch, HEIGHT_UNIT.cm) : value;

/** Centimetres as metres with two decimals ("2.35"). */
export const metresOf = (cm: number) => (cm / 100).toFixed(2);
