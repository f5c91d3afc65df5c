import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { CustomerLabel } from "../../../domain/orderEntry/professional.ts";

/**
 * The labels of the customer fields: the form shows them, and a refusal names a field by them (PO-035:
 * "please fill in" + the field's label; issue 20 §12: never another name than the one on screen).
 */
export const CUSTOMER_FIELD_LABEL: Record<CustomerLabel, MessageDescriptor> = {
  name: msg`Customer name`,
  nickname: msg`Nickname`,
  gender: msg`Gender`,
  height: msg`Height`,
};
