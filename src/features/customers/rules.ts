/** The customer book's rules as the views use them: one rule, in domain/, shared with order entry and the server. */
export {
  CUSTOMER_DETAIL_PAGE_SIZE,
  CUSTOMER_NOTE_TYPE,
  customerRefusals,
  editCustomer,
  emptyBasic,
  GENDER,
  isCsvFileName,
  joinBirthday,
  type BasicInfoForm,
  type CustomerEdit,
  type CustomerField,
  type CustomerRefusal,
} from "../../../domain/customer.ts";
export { convertLength, HEIGHT_UNIT, lengthFromCm, lengthUnitName, WEIGHT_UNIT } from "../../../domain/units.ts";
export { measureChanges, type MeasureChange, type MeasureSet } from "../../../domain/measurements/history.ts";
export { plausibilityWarnings, type PlausibilityWarning } from "../../../domain/measurements/plausibility.ts";
