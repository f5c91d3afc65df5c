/**
 * The address rules the form applies (domain/addresses.ts, the server's own): the views read them from
 * here, never from domain/ directly.
 */
export {
  ADDRESS_DICT,
  ADDRESS_TAB,
  addressRefusals,
  trimAddress,
  type AddressDraft,
  type AddressField,
} from "../../../domain/addresses.ts";
