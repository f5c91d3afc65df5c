import type { ReactNode } from "react";
import { Select as RadixSelect } from "radix-ui";
import { cn } from "./cn.ts";

export interface SelectOption<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps<V extends string> {
  /** The trigger's id: a `<label htmlFor>` (or Field) names the select through it. */
  id?: string;
  value: V | undefined;
  onValueChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** Shown while nothing is chosen. */
  placeholder?: ReactNode;
  disabled?: boolean;
  className?: string;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "data-testid"?: string;
}

/**
 * A single choice from a list (Radix Select): a `combobox` button that opens a `listbox`; arrow keys,
 * typeahead, Enter and Escape as the WAI-ARIA pattern has them. Values are strings (Radix's rule):
 * convert ids with `String(id)` and back with `Number(value)`.
 */
export function Select<V extends string>({
  id,
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  className,
  ...aria
}: SelectProps<V>) {
  return (
    <RadixSelect.Root value={value ?? ""} onValueChange={(v) => onValueChange(v as V)} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        {...aria}
        className={cn(
          "flex w-full items-center justify-between gap-2 rounded border border-slate-400 bg-white px-3 py-2 text-left text-sm",
          "data-[placeholder]:text-slate-600 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-600",
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon aria-hidden="true" className="text-slate-600">
          <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded border border-slate-300 bg-white shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="cursor-pointer select-none rounded px-3 py-2 text-sm outline-none data-[disabled]:cursor-default data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold data-[disabled]:text-slate-500"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
