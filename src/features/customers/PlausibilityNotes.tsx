import { useLingui } from "@lingui/react/macro";
import type { PlausibilityWarning } from "./rules.ts";

/** The words of each plausibility warning (domain/measurements/plausibility.ts): what looks wrong and why. */
function usePlausibilityText() {
  const { t } = useLingui();
  return (w: PlausibilityWarning): string => {
    switch (w.key) {
      case "plausibility.heightLooksLikeInches":
        return t`A height of ${w.height} cm is unusual for an adult; in inches it would be ${w.asCm} cm. Is the unit right?`;
      case "plausibility.weightLooksLikeLb":
        return t`A weight of ${w.weight} kg gives a body mass index of ${w.bmi}; in pounds it would be ${w.asKg} kg. Is the unit right?`;
      case "plausibility.bodyMassIndex":
        return t`Height and weight give a body mass index of ${w.bmi}, outside the ${w.min} to ${w.max} an adult has. Please check both.`;
      case "plausibility.chestBelowWaist": {
        const [chest, waist, unit] = [w.chest, w.waist, w.unit];
        return t`${chest} (${w.chestValue} ${unit}) is far smaller than ${waist} (${w.waistValue} ${unit}): a men's garment cut from it would not close. Please check both.`;
      }
    }
  };
}

/**
 * Issue 24: plausibility warnings under a form: they explain themselves and never refuse (the form saves
 * or orders as it is). Shared by the customer book and order entry.
 */
export function PlausibilityNotes({ warnings, testId }: { warnings: PlausibilityWarning[]; testId?: string }) {
  const text = usePlausibilityText();
  if (warnings.length === 0) return null;
  return (
    <div
      role="status"
      data-testid={testId ?? "plausibility-warnings"}
      className="my-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <ul className="space-y-1">
        {warnings.map((w) => (
          <li key={w.key}>{text(w)}</li>
        ))}
      </ul>
    </div>
  );
}
