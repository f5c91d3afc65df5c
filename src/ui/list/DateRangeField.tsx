import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { Field, controlVariants } from "../Field.tsx";

/** A range whose end is before its start (YYYY-MM-DD compares as text); an open end is never reversed. */
export const isRangeReversed = (from: string | undefined, until: string | undefined) =>
  Boolean(from && until && from > until);

/** A date range as its two ends, YYYY-MM-DD, either one open. */
export interface DateRange {
  from?: string;
  until?: string;
}

/**
 * Two date fields, from and until (two cells of a filter's grid); the until field is refused while it
 * is before the from (`isRangeReversed`), so the filter can hold Apply until it is put right. The field
 * ids are `${id}-start` and `${id}-end`.
 */
export function DateRangeField({
  id,
  fromLabel,
  untilLabel,
  value,
  onChange,
}: {
  id: string;
  fromLabel: ReactNode;
  untilLabel: ReactNode;
  value: DateRange;
  /** The whole range after a change; a cleared end is undefined. */
  onChange: (range: DateRange) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field id={`${id}-start`} label={fromLabel}>
        {(control) => (
          <input
            {...control}
            type="date"
            className={controlVariants()}
            value={value.from ?? ""}
            onChange={(event) => onChange({ ...value, from: event.target.value || undefined })}
          />
        )}
      </Field>
      <Field
        id={`${id}-end`}
        label={untilLabel}
        error={isRangeReversed(value.from, value.until) ? t`The end date is before the start date` : null}
      >
        {(control, invalid) => (
          <input
            {...control}
            type="date"
            className={controlVariants({ invalid })}
            value={value.until ?? ""}
            onChange={(event) => onChange({ ...value, until: event.target.value || undefined })}
          />
        )}
      </Field>
    </>
  );
}
