import { useLingui } from "@lingui/react/macro";
import type { CustomerRefusal } from "../../../domain/customer.ts";

/** The browser's words for the shared customer rule's refusals (domain/customer.ts), as the server words them. */
export function useCustomerRefusalText() {
  const { t } = useLingui();
  return (fault: CustomerRefusal, birthdate = ""): string => {
    switch (fault.key) {
      case "customer.nameRequired":
        return t`Please fill in the customer name`;
      case "customer.nicknameRequired":
        return t`Please fill in the nickname`;
      case "customer.genderRequired":
        return t`Please choose the gender`;
      case "customer.heightRequired":
        return t`Please fill in the height`;
      case "customer.weightRequired":
        return t`Please fill in the weight`;
      case "customer.heightOutOfRange":
        return t`Height must be between ${fault.min} and ${fault.max} ${fault.unit}`;
      case "customer.weightOutOfRange":
        return t`Weight must be between ${fault.min} and ${fault.max} ${fault.unit}`;
      case "customer.emailInvalid":
        return t`Incorrect e-mail format`;
      case "customer.birthdateInvalid":
        return t`The birthday ${birthdate} is not a date`;
    }
  };
}
