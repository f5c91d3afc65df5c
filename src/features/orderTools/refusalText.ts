import { useLingui } from "@lingui/react/macro";
import type { FormRefusal } from "./forms.ts";

/** The names of the order tools' fields, as their labels and messages show them. */
export function useFieldLabels() {
  const { t } = useLingui();
  return {
    strStripeId: t`Appearance`,
    strStripe: t`Appearance`,
    strWidth: t`Cloth width`,
    strStripeWidth: t`Strip width`,
    strGridWidth: t`Grid size`,
    strTwoClippingId: t`Cut twice`,
    strTwoClipping: t`Cut twice`,
    orderCode: t`Order number`,
    custName: t`Name`,
    shortName: t`Nickname`,
    height: t`Height`,
    weight: t`Weight`,
  };
}
type FieldLabels = ReturnType<typeof useFieldLabels>;

/** PROD-044, PROD-045, PROD-047..050: a refusal as the text under its field. */
export function useRefusalText() {
  const { t } = useLingui();
  const labels = useFieldLabels();
  return <F extends keyof FieldLabels>(refusal: FormRefusal<F>) => {
    const field = labels[refusal.field];
    if (refusal.key === "required") return t`${field} cannot be empty`;
    if (refusal.key === "number") return t`${field} must be a number`;
    const { min, max, unit } = refusal;
    return unit ? t`${field} must be between ${min} and ${max} ${unit}` : t`${field} must be between ${min} and ${max}`;
  };
}
