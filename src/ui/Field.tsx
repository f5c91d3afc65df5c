import type { ReactNode } from "react";
import { cva } from "class-variance-authority";
import { cn } from "./cn.ts";

/** The look of a text input or select: red when its field is refused. */
export const controlVariants = cva(
  "rounded border px-3 py-2 text-sm text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand/40",
  {
    variants: {
      invalid: {
        true: "border-red-600 bg-red-50 text-red-900 focus-visible:ring-red-600/40",
        false: "border-slate-400 bg-white",
      },
      width: { full: "w-full", auto: "" },
    },
    defaultVariants: { invalid: false, width: "full" },
  },
);

/** What the field gives its control: the id, and the state and descriptions wired for assistive technology. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
  "aria-describedby"?: string;
  /** Only for a group (a radio group): its label. */
  "aria-labelledby"?: string;
  /** The stable id of the field a refusal names (`customer.name`, `measurement.501` ...). */
  "data-field"?: string;
}

const labelVariants = cva("mb-1 block text-sm font-medium", {
  variants: { invalid: { true: "text-red-800", false: "text-slate-800" } },
  defaultVariants: { invalid: false },
});

/**
 * A form field: its label (with a star when required), the control, a hint and the error under it.
 * The control gets `aria-invalid` while there is an error (or its value is `outOfRange`), and `aria-describedby` naming the error
 * and the hint; `name` is the stable id a refusal names the field by (`data-field`), so the page can
 * scroll to it and focus it. `group` is for a control that is a group of inputs (a radio group): its
 * label is then a text the group is labelled by.
 */
export function Field({
  id,
  label,
  name,
  hint,
  error,
  outOfRange = false,
  required = false,
  group = false,
  labelHidden = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  name?: string;
  hint?: ReactNode;
  error?: string | null;
  /**
   * The control's value as typed breaks a rule the hint states (QO-158: a measurement outside the range
   * under it): the control and its hint turn red at once, before any refusal; the error, when there is
   * one, still says why.
   */
  outOfRange?: boolean;
  required?: boolean;
  group?: boolean;
  labelHidden?: boolean;
  className?: string;
  children: (control: FieldControlProps, invalid: boolean) => ReactNode;
}) {
  const refused = Boolean(error);
  const invalid = refused || outOfRange;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [refused ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  const labelId = `${id}-label`;
  const control: FieldControlProps = {
    id,
    ...(invalid ? { "aria-invalid": true as const } : {}),
    ...(required && !group ? { "aria-required": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(group ? { "aria-labelledby": labelId } : {}),
    ...(name ? { "data-field": name } : {}),
  };
  const labelClass = cn(labelVariants({ invalid }), labelHidden && "sr-only");
  const star = required && (
    <>
      {" "}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
    </>
  );
  return (
    <div className={className}>
      {group ? (
        <span id={labelId} className={labelClass}>
          {label}
          {star}
        </span>
      ) : (
        <label htmlFor={id} className={labelClass}>
          {label}
          {star}
        </label>
      )}
      {children(control, invalid)}
      {refused && (
        <span id={errorId} className="mt-1 block text-xs font-medium text-red-700">
          {error}
        </span>
      )}
      {hint && (
        <p id={hintId} className={cn("mt-0.5 text-xs", invalid ? "text-red-700" : "text-slate-600")}>
          {hint}
        </p>
      )}
    </div>
  );
}
