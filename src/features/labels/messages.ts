import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { LabelRefusal } from "../../../domain/labels.ts";
import { isApiError } from "../../api/errors.ts";
import { i18n } from "../../app/i18n.ts";

/** The label form's refusals (domain/labels.ts) in the reader's language: LABEL-006, LABEL-007, CART-042. */
export function labelRefusalText(refusal: LabelRefusal): string {
  switch (refusal.key) {
    case "label.colorRequired":
      return i18n._(msg`please choose colour`);
    case "label.colorInvalid":
      return i18n._(msg`Choose one of the label colours`);
    case "label.contentRequired":
      return i18n._(msg`fill content`);
    case "label.tooLong":
      return i18n._(msg`A label has at most ${refusal.max} characters`);
  }
}

/** LABEL-014..016, LABEL-021: the server's message of a failed call, or the documented fallback. */
export function failureText(error: unknown, fallback: MessageDescriptor): string {
  return isApiError(error) && error.message ? error.message : i18n._(fallback);
}

/** The documented fallbacks and success texts (LABEL-015..022). */
export const LABEL_TEXT = {
  updateFailed: msg`failed to update`,
  deleteFailed: msg`failed to delete`,
  removeFailed: msg`delete failed`,
  updated: msg`label updated`,
  created: msg`new label created`,
  removed: msg`label deleted`,
  deletedFromLibrary: msg`deleted successful`,
  atLeastOne: msg`Please select at least one label`,
} as const;

/**
 * The name of each label colour (LABEL-003, LABEL-004), what a screen reader hears for its swatch
 * instead of the hex code (issue 20). Every colour the library offers has one.
 */
const LABEL_COLOUR_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  "#D87508": msg`Orange`,
  "#FF5733": msg`Red`,
  "#008080": msg`Teal`,
  "#673AB7": msg`Purple`,
  "#FFD166": msg`Yellow`,
  "#E91E63": msg`Pink`,
  "#4CAF50": msg`Green`,
  "#2196F3": msg`Blue`,
  "#9E9D24": msg`Olive`,
  "#795548": msg`Brown`,
};

/** A label colour's name in the reader's language ("Orange (default)" for the default), else its code. */
export function labelColourName(hex: string, isDefault: boolean): string {
  const name = LABEL_COLOUR_NAMES[hex.toUpperCase()];
  const text = name ? i18n._(name) : hex;
  return isDefault ? i18n._(msg`${text} (default)`) : text;
}
