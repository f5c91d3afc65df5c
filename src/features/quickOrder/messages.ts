import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "../../app/i18n.ts";
import { CUSTOMER_FIELD_LABEL } from "./fieldLabels.ts";
import type { QuickOrderNotice } from "../../../machines/quickOrder/quickOrder.machine.ts";

const missingItem: Record<string, MessageDescriptor> = {
  site: msg`position`,
  color: msg`colour`,
  font: msg`font`,
  size: msg`size`,
  content: msg`content`,
  file: msg`file`,
};

/** A refusal value as text (a string or a number; anything else is no text). */
const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** The text of a quick-order refusal in the active language. */
export function refusalText(notice: QuickOrderNotice): string {
  const v = notice as Record<string, unknown> & { key: string };
  switch (v.key) {
    case "server":
      return text(v.text);
    case "customer.nameRequired":
      return i18n._(msg`Customer name cannot be empty`);
    case "customer.nicknameRequired":
      return i18n._(msg`Nickname cannot be empty`);
    case "customer.heightRequired":
      return i18n._(msg`Height cannot be empty`);
    case "customer.weightRequired":
      return i18n._(msg`Weight cannot be empty`);
    // The book's limits (domain/customer.ts bodyRangeRefusal): the same words as the customer book
    case "customer.heightOutOfRange": {
      const [min, max, unit] = [text(v.min), text(v.max), text(v.unit)];
      return i18n._(msg`Height must be between ${min} and ${max} ${unit}`);
    }
    case "customer.weightOutOfRange": {
      const [min, max, unit] = [text(v.min), text(v.max), text(v.unit)];
      return i18n._(msg`Weight must be between ${min} and ${max} ${unit}`);
    }
    case "customer.weightUnitRequired":
      return i18n._(msg`Please select the weight unit`);
    case "customer.genderRequired":
      return i18n._(msg`Please select the gender`);
    // PO-024
    case "craft.noneChosen":
      return i18n._(msg`Please choose at least one craft`);
    // PO-031..035, D-06: "please fill in" + the label
    case "customer.fillIn": {
      // issue 20 §12: the field named as its label reads
      const label = i18n._(
        CUSTOMER_FIELD_LABEL[String(v.label) as keyof typeof CUSTOMER_FIELD_LABEL] ?? CUSTOMER_FIELD_LABEL.name,
      );
      return i18n._(msg`Please fill in ${label}`);
    }
    case "order.fabricRequired":
      return i18n._(msg`Please select a fabric`);
    case "fabric.outOfStock":
      return i18n._(msg`Currently out of stock`);
    case "craft.seriesFirst":
      return i18n._(msg`Please select the series first for the process of category Accessory`);
    case "craft.multipleRadio":
      return i18n._(msg`Multiple processes are not allowed under the same category`);
    case "craft.notFinished": {
      const name = String(v.name);
      return i18n._(msg`${name} not finished`);
    }
    case "craft.fileMissing": {
      const name = String(v.name);
      return i18n._(msg`${name}: please upload the picture`);
    }
    case "craft.notForStyle": {
      const craft = String(v.craft);
      const style = String(v.style);
      return i18n._(msg`${craft} is not offered on the ${style} base style`);
    }
    case "accessory.incomplete": {
      const name = String(v.name);
      return i18n._(msg`${name} incomplete`);
    }
    case "monogram.missing": {
      const site = text(v.site);
      const item = i18n._(missingItem[String(v.missing)] ?? msg`content`);
      // PO-030: the professional order's message is prefixed with the piece's category
      const category = text(v.category);
      if (category)
        return site
          ? i18n._(msg`${category}: monogram ${site}: please fill in the ${item}`)
          : i18n._(msg`${category}: monogram: please fill in the ${item}`);
      return site
        ? i18n._(msg`Monogram ${site}: please fill in the ${item}`)
        : i18n._(msg`Monogram: please fill in the ${item}`);
    }
    case "monogram.duplicateSite":
      return i18n._(msg`This position already exists`);
    case "contrast.fabricRequired": {
      const site = String(v.site);
      return i18n._(msg`${site}: please choose a contrast fabric`);
    }
    case "contrast.textRequired": {
      const site = String(v.site);
      return i18n._(msg`${site}: please fill in the contrast fabric`);
    }
    // QO-040: a part of an add-product is named with its piece
    case "size.required": {
      const name = String(v.name);
      if (v.piece) {
        const piece = text(v.piece);
        return i18n._(msg`${piece}: ${name} cannot be empty`);
      }
      return i18n._(msg`${name} cannot be empty`);
    }
    // QO-148: the range is named in the screen's unit when known (orderEntry/feedback.selectors.ts adds it)
    case "size.outOfRange": {
      const name = String(v.name);
      const piece = typeof v.piece === "string" ? v.piece : "";
      if (typeof v.min !== "number" || typeof v.max !== "number" || typeof v.unit !== "string")
        return piece ? i18n._(msg`${piece}: ${name} out of range`) : i18n._(msg`${name} out of range`);
      const min = String(v.min);
      const max = String(v.max);
      const unit = v.unit;
      return piece
        ? i18n._(msg`${piece}: ${name} out of range (${min}–${max} ${unit})`)
        : i18n._(msg`${name} out of range (${min}–${max} ${unit})`);
    }
    case "size.presizeFirst":
      return i18n._(msg`Pls presubmit for finished measurements first`);
    case "size.notLoaded":
      return i18n._(msg`The measurements could not be loaded; please load them again`);
    case "size.areaRequired":
      return i18n._(msg`Please choose a size area`);
    case "size.shapeRequired":
      return i18n._(msg`Please choose a shape`);
    case "size.standardRequired":
      return i18n._(msg`Please choose a standard size`);
    // SO-017, SO-018 and the style order's bad input (domain/orderEntry/style.ts)
    case "style.fabricRequired":
      return i18n._(msg`Please select fabric`);
    case "style.fabricNotOffered": {
      const code = text(v.code);
      return i18n._(msg`The fabric ${code} is not offered for this style`);
    }
    case "style.craftRequired": {
      const name = String(v.name);
      return i18n._(msg`${name} Not filled in`);
    }
    case "style.craftValueNotOffered": {
      const name = String(v.name);
      return i18n._(msg`${name}: please choose one of the offered values`);
    }
    case "style.notLoaded":
      return i18n._(msg`This style could not be loaded.`);
    case "size.reloaded":
      return i18n._(msg`The measurements were loaded again for this customer and unit; please check them`);
    default:
      return i18n._(msg`The order could not be saved`);
  }
}
