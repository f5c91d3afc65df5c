import type { ReactNode } from "react";
import { RadioGroup as RadixRadioGroup } from "radix-ui";
import { cn } from "./cn.ts";

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string> {
  /** Prefix of the items' ids (each is `${id}-${value}`). */
  id: string;
  value: V | undefined;
  onValueChange: (value: V) => void;
  options: readonly RadioOption<V>[];
  /** The group's name for assistive technology: a visible label's id, or a text. */
  "aria-labelledby"?: string;
  "aria-label"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  orientation?: "horizontal" | "vertical";
  disabled?: boolean;
  className?: string;
}

/** One choice among a few shown at once (Radix RadioGroup: role `radiogroup`, arrow keys move the choice). */
export function RadioGroup<V extends string>({
  id,
  value,
  onValueChange,
  options,
  orientation = "horizontal",
  disabled,
  className,
  ...aria
}: RadioGroupProps<V>) {
  return (
    <RadixRadioGroup.Root
      value={value ?? ""}
      onValueChange={(v) => onValueChange(v as V)}
      orientation={orientation}
      disabled={disabled}
      {...aria}
      className={cn("flex gap-4 text-sm", orientation === "vertical" && "flex-col gap-2", className)}
    >
      {options.map((option) => (
        <div key={option.value} className="flex items-center gap-2">
          <RadixRadioGroup.Item
            id={`${id}-${option.value}`}
            value={option.value}
            disabled={option.disabled}
            className="flex h-4 w-4 items-center justify-center rounded-full border border-slate-500 bg-white data-[state=checked]:border-brand disabled:opacity-60"
          >
            <RadixRadioGroup.Indicator className="h-2 w-2 rounded-full bg-brand" />
          </RadixRadioGroup.Item>
          <label htmlFor={`${id}-${option.value}`} className="cursor-pointer select-none">
            {option.label}
          </label>
        </div>
      ))}
    </RadixRadioGroup.Root>
  );
}
