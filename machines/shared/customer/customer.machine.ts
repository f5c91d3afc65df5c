import { assign, sendParent, setup } from "xstate";
import type { components } from "../../../openapi/portal";
import { convertLength, convertWeight, DEFAULT_HEIGHT_UNIT, DEFAULT_WEIGHT_UNIT } from "../measurements/units.ts";

/**
 * The customer form of order entry (QO-011..020, QO-103, QO-104): the customer fields, a customer
 * picked from the account's book (filling height, weight and gender), height and weight with their
 * units (a unit switch converts the value), gender, quantity and birthday. Reused by the simple,
 * quick and professional orders; it tells its parent every change (`customer.changed`), which
 * checks the fields (QO-130..135, D-06) and saves them.
 */
export interface BasicInfoForm {
  customerId: number | null;
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

export type CustomerEvent =
  | {
      type: "user.edit";
      field: "customerName" | "shortName" | "height" | "weight" | "cusOrderCode" | "phone" | "email" | "address";
      value: string;
    }
  | { type: "user.pickCustomer"; customer: CustomerPick }
  | { type: "user.setHeightUnit"; unit: number }
  | { type: "user.setWeightUnit"; unit: number }
  | { type: "user.setGender"; genderId: number }
  | { type: "user.setAmount"; amount: number }
  | { type: "user.setBirthday"; part: "month" | "date" | "year"; value: string };
export interface CustomerInput {
  basic: BasicInfoForm;
}
export interface CustomerContext {
  basic: BasicInfoForm;
}
/** Sent to the parent after every change. */
export type CustomerChanged = { type: "customer.changed"; basic: BasicInfoForm };

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

/** What an event makes of the form: the rule of each event. */
function nextBasic(basic: BasicInfoForm, event: CustomerEvent): BasicInfoForm {
  switch (event.type) {
    case "user.edit":
      return { ...basic, [event.field]: event.value };
    case "user.pickCustomer": {
      // A chosen customer fills height, weight and gender (and the customer fields).
      const { customer } = event;
      return {
        ...basic,
        customerId: customer.id,
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
  before.height !== after.height ||
  before.heightUnit !== after.heightUnit ||
  before.weight !== after.weight ||
  before.weightUnit !== after.weightUnit ||
  before.genderId !== after.genderId;

export const customerMachine = setup({
  types: { context: {} as CustomerContext, events: {} as CustomerEvent, input: {} as CustomerInput },
  actions: {
    apply: assign({ basic: ({ context, event }) => nextBasic(context.basic, event) }),
    tellParent: sendParent(({ context }): CustomerChanged => ({ type: "customer.changed", basic: context.basic })),
  },
}).createMachine({
  id: "customer",
  context: ({ input }) => ({ basic: input.basic }),
  on: {
    "user.edit": { actions: ["apply", "tellParent"] },
    "user.pickCustomer": { actions: ["apply", "tellParent"] },
    "user.setHeightUnit": { actions: ["apply", "tellParent"] },
    "user.setWeightUnit": { actions: ["apply", "tellParent"] },
    "user.setGender": { actions: ["apply", "tellParent"] },
    "user.setAmount": { actions: ["apply", "tellParent"] },
    "user.setBirthday": { actions: ["apply", "tellParent"] },
  },
});
