import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AddressRefusal, AddressTextField } from "../../../domain/addresses.ts";
import { i18n } from "../../app/i18n.ts";

/** The address fields' names, as the form labels them and a length refusal names them. */
export const ADDRESS_FIELD_LABEL: Record<AddressTextField, MessageDescriptor> = {
  company: msg`Company`,
  contact: msg`Contact`,
  phone: msg`Phone`,
  email: msg`E-mail`,
  provinceName: msg`State`,
  city: msg`City`,
  address: msg`Address 1`,
  zipcode: msg`Zip code`,
  payAccount: msg`Payment account`,
  payZipcode: msg`Payment account zip code`,
  taxAccount: msg`Tariff account`,
  taxZipcode: msg`Tariff account zip code`,
  remark: msg`Remarks`,
};

/** ADDR-022: the message under a refused field, in the reader's language (the server's texts). */
export function addressRefusalText(refusal: AddressRefusal): string {
  switch (refusal.key) {
    case "address.expressRequired":
      return i18n._(msg`Please choose the express company`);
    case "address.expressTypeRequired":
      return i18n._(msg`Please choose the express type`);
    case "address.contactRequired":
      return i18n._(msg`Please enter the contact`);
    case "address.phoneRequired":
      return i18n._(msg`Please enter the phone number`);
    case "address.phoneInvalid":
      return i18n._(msg`The phone number may hold digits, spaces, + - ( ) and at least 5 digits`);
    case "address.emailInvalid":
      return i18n._(msg`The e-mail address is in an incorrect format`);
    case "address.countryRequired":
      return i18n._(msg`Please choose the country`);
    case "address.stateRequired":
      return i18n._(msg`Please enter the state`);
    case "address.cityRequired":
      return i18n._(msg`Please enter the city`);
    case "address.addressRequired":
      return i18n._(msg`Please enter address 1`);
    case "address.zipRequired":
      return i18n._(msg`Please enter the zip code`);
    case "address.payTypeRequired":
      return i18n._(msg`Please choose the payment method`);
    case "address.taxTypeRequired":
      return i18n._(msg`Please choose the tariff payment method`);
    case "address.tooLong": {
      const field = i18n._(ADDRESS_FIELD_LABEL[refusal.field]);
      return i18n._(msg`${field} has at most ${refusal.max} characters`);
    }
  }
}
