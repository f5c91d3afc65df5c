/**
 * The rules the order tools' forms apply, from domain/ (the server checks the same): the views read
 * them here, never from domain/ directly.
 */
export {
  CONSUMPTION_DICT,
  consumptionDefaults,
  consumptionRefusal,
  CUT_TWICE,
  orderCustomerRefusal,
  type ConsumptionField,
  type ConsumptionForm,
  type FormRefusal,
  type OrderCustomerField,
  type OrderCustomerForm,
} from "../../../domain/orderTools.ts";
