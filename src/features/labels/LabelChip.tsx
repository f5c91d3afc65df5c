import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { chipBackground, labelTextColour } from "./rules.ts";
import { cn } from "../../ui/cn.ts";

export interface LabelView {
  id: number;
  content: string;
  color: string;
}

/**
 * LABEL-005: a label in its colour; the text is black on a light colour (luminance above 186), else
 * white. A colour on which that text would not read at WCAG AA is drawn a shade darker (chipBackground).
 */
export function LabelChip({
  label,
  children,
  className,
}: {
  label: LabelView;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn("inline-flex max-w-full items-center gap-1 rounded px-2 py-0.5 text-xs font-medium", className)}
      style={{ backgroundColor: chipBackground(label.color), color: labelTextColour(label.color) }}
      data-label-id={label.id}
    >
      <span className="truncate">{label.content}</span>
      {children}
    </span>
  );
}

/**
 * CART-021: the labels an order carries, as chips. With `onRemove` each chip has a button that takes the
 * label off the order (LABEL-020).
 */
export function OrderLabels({
  labels,
  onRemove,
  disabled,
}: {
  labels: readonly LabelView[];
  onRemove?: (label: LabelView) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  if (labels.length === 0) return null;
  return (
    <ul aria-label={t`Labels`} className="flex flex-wrap gap-1" data-testid="order-labels">
      {labels.map((label) => (
        <li key={label.id}>
          <LabelChip label={label}>
            {onRemove ? (
              <button
                type="button"
                disabled={disabled}
                aria-label={t`Remove the label ${label.content}`}
                className="-mr-1 rounded px-1 leading-none hover:bg-black/20 disabled:opacity-50"
                onClick={() => onRemove(label)}
              >
                ×
              </button>
            ) : null}
          </LabelChip>
        </li>
      ))}
    </ul>
  );
}
