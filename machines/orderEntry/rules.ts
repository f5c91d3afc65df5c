import { firstContrastRefusal, contrastField } from "../../domain/contrast.ts";
import { radioConflict, unfinishedText } from "../../domain/crafts.ts";
import { firstMonogramRefusal } from "../../domain/monogram.ts";
import type { OrderForm } from "../../domain/orderEntry/form.ts";
import { MEASURE_METHOD } from "../../domain/ids.ts";
import { STYLE_RULES } from "../../domain/orderEntry/style.ts";
import {
  measurementsRefusal,
  PROFESSIONAL_CHECKS,
  PROFESSIONAL_RULES,
  professionalSubject,
  type ProfessionalRule,
} from "../../domain/orderEntry/professional.ts";
import {
  accessoryRefusal,
  craftIndexOf,
  customerRefusal,
  fabricRefusal,
  step3Refusal,
  styleRefusal,
  type Refusal,
} from "../../domain/orderEntry/refusals.ts";

/** The professional order's rules as guards of its form: each the domain rule on the form's subject. */
const professionalRules = Object.fromEntries(
  PROFESSIONAL_CHECKS.map((rule) => [rule, (form: OrderForm) => PROFESSIONAL_RULES[rule](professionalSubject(form))]),
) as Record<ProfessionalRule, (form: OrderForm) => Refusal | null>;

/**
 * The rules a step checks before it lets the order on, by the name its guard carries in the chart.
 * Each returns its refusal (message key, values and the field it names) or null when the rule holds;
 * the guard of the same name holds when it is null, and the one `refuse` action records it.
 */
export const ORDER_RULES = {
  // QO-130..133, D-06: the customer's name, nickname, height, weight, weight unit and gender
  hasCustomer: (form: OrderForm) => {
    const refusal = customerRefusal(form);
    return refusal?.key === "order.fabricRequired" ? null : refusal;
  },
  // QO-134, QO-149: a fabric, for our stock one picked from the search (its stock answered)
  hasFabric: (form: OrderForm) => {
    const refusal = fabricRefusal(form);
    return refusal?.key === "order.fabricRequired" ? refusal : null;
  },
  // QO-163: a fabric from our stock is in stock
  isFabricInStock: (form: OrderForm) => {
    const refusal = fabricRefusal(form);
    return refusal?.key === "fabric.outOfStock" ? refusal : null;
  },
  // QO-136: a chosen accessory that takes a value or a picture has it
  areAccessoriesComplete: (form: OrderForm) => accessoryRefusal(form),
  // QO-150: one option per single-choice group
  areCraftsConsistent: (form: OrderForm): Refusal | null => {
    const refusal = radioConflict(craftIndexOf(form), form.crafts.selected);
    return refusal && { ...refusal, field: "crafts" };
  },
  // QO-145: a chosen TEXT craft has its value, a FILE craft its picture
  areCraftsFinished: (form: OrderForm): Refusal | null => {
    const refusal = unfinishedText(craftIndexOf(form), form.crafts.selected, form.crafts.texts);
    return refusal && { ...refusal, field: "crafts" };
  },
  // QO-137..142: every monogram row names its site, colour, font, size and content
  areMonogramsComplete: (form: OrderForm): Refusal | null => {
    const refusal = firstMonogramRefusal(form.monogram, form.categoryId);
    if (!refusal) return null;
    const row = form.monogram.findIndex((r) => (r.siteName || "") === refusal.site);
    return { ...refusal, field: `monogram.${Math.max(row, 0)}` };
  },
  // QO-143, QO-144: a contrast site with positions has its fabric (and a TEXT fabric its value)
  areContrastsComplete: (form: OrderForm): Refusal | null => {
    const refusal = firstContrastRefusal(form.contrast);
    if (!refusal) return null;
    return { ...refusal, field: contrastField(form.contrast.findIndex((c) => c.siteName === refusal.site)) };
  },
  // QO-093: the chosen base style offers every chosen craft
  isStyleOffered: (form: OrderForm) => styleRefusal(form),
  // QO-147, QO-148, QO-100: the method's parts loaded, required ones filled, each in its range (a standard size chosen)
  areMeasurementsInRange: (form: OrderForm) => step3Refusal(form, false),
  // QO-097, QO-162: body measurements are pre-calculated before submit
  isPresized: (form: OrderForm): Refusal | null =>
    form.size.method === MEASURE_METHOD.body && !form.size.presized
      ? { key: "size.presizeFirst", field: "size.presize" }
      : null,
  // The style order's rules (SO-017..022), written in domain/orderEntry/style.ts
  ...STYLE_RULES,
  // PO-022..038: the professional order's checks (domain/orderEntry/professional.ts), on the subject of its form
  ...professionalRules,
  // PO-036: the measurements the professional sizes check needs first (parts loaded, a standard size chosen)
  areMeasurementsReady: (form: OrderForm) => measurementsRefusal(form),
} satisfies Record<string, (form: OrderForm) => Refusal | null>;

export type OrderRule = keyof typeof ORDER_RULES;

/** The checks of each moment, in the order the documents give (the first refusal stops). */
export const STEP_RULES = {
  /** The quick order's step 1 (QO-130..136, QO-163). */
  customerAndFabric: ["hasCustomer", "hasFabric", "isFabricInStock", "areAccessoriesComplete"],
  /** The simple order's step 1: the fabric and the accessories chosen with it. */
  fabric: ["hasFabric", "isFabricInStock", "areAccessoriesComplete"],
  /** The craft step (QO-089, QO-137..145, QO-150). */
  crafts: ["areCraftsConsistent", "areCraftsFinished", "areMonogramsComplete", "areContrastsComplete"],
  /** The measurements (QO-147, QO-148). */
  measurements: ["areMeasurementsInRange"],
  /**
   * PO-022: the professional order's save and submit, in the documented order (the server runs the
   * same PROFESSIONAL_CHECKS); the sizes need their parts loaded first.
   */
  professional: [
    "hasFabricChosen",
    "hasAnyCraft",
    "areCraftValuesGiven",
    "arePieceMonogramsComplete",
    "hasCustomerName",
    "hasNickname",
    "hasGender",
    "hasHeight",
    "areMeasurementsReady",
    "arePiecesMeasured",
  ],
} as const satisfies Record<string, readonly OrderRule[]>;
