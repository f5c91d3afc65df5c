import type { ReactNode } from "react";
import { Checkbox as RadixCheckbox } from "radix-ui";
import { cn } from "./cn.ts";
import { pendingPress } from "./Button.tsx";

export interface CheckboxProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The visible label; clicking it toggles the box. */
  label: ReactNode;
  disabled?: boolean;
  /** Its change is being saved: it ignores presses and says so, but keeps the focus (`ButtonProps`' `pending`). */
  pending?: boolean;
  className?: string;
  "aria-describedby"?: string;
}

/** A labelled checkbox (Radix Checkbox: role `checkbox`, Space toggles). */
export function Checkbox({
  id,
  checked,
  onCheckedChange,
  label,
  disabled,
  pending = false,
  className,
  ...aria
}: CheckboxProps) {
  return (
    <div className={cn("flex items-center gap-2 text-sm text-slate-800", className)}>
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        // a press while pending does nothing: Radix skips its toggle when the click's default is prevented
        {...pendingPress(pending)}
        {...aria}
        className="flex h-4 w-4 shrink-0 items-center justify-center rounded-sm border border-slate-500 bg-white data-[state=checked]:border-brand data-[state=checked]:bg-brand disabled:opacity-60 aria-disabled:opacity-60"
      >
        <RadixCheckbox.Indicator className="text-white">
          <svg
            aria-hidden="true"
            width="12"
            height="12"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="3.5"
          >
            <path d="M5 12l5 5 9-10" />
          </svg>
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className="cursor-pointer select-none">
        {label}
      </label>
    </div>
  );
}
