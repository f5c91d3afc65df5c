import { msg } from "@lingui/core/macro";
import { i18n } from "../../app/i18n.ts";
import type { CartItemMessageKey } from "../../../machines/cartItem/cartItem.machine.ts";
import type { SaveItemsMessageKey } from "../../../machines/saveItems/saveItems.machine.ts";
import type { Notice } from "../../../machines/shared/messages.ts";

/** The text of a refusal of a cart card or of the saved-items page in the active language. */
export function cartRefusalText(notice: Notice<CartItemMessageKey | SaveItemsMessageKey>): string {
  switch (notice.key) {
    case "server":
      return notice.text;
    case "cart.noPermission": // CART-017
      return i18n._(msg`No permission to modify`);
    case "cart.minAmount": // CART-035
      return i18n._(msg`The quantity cannot be less than 1`);
    case "cart.maxAmount":
      return i18n._(msg`The quantity cannot be more than 99`);
    case "cart.doChangeNum": // CART-040
      return i18n._(msg`The quantity cannot be modified when adding products`);
    case "cart.updateFailed": // CART-053
      return i18n._(msg`Update failed`);
    case "cart.deleteFailed":
      return i18n._(msg`Delete failed`);
    case "cart.waitSaving":
      return i18n._(msg`Please wait until the change is saved`);
    case "cart.insufficientBalance": // CART-037, CART-052, D-14
      return i18n._(msg`Insufficient Balance`);
    case "cart.balanceUnread":
      return i18n._(msg`The balance could not be read; nothing was submitted.`);
  }
}
