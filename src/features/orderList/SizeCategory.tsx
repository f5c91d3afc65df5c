import { sizeCategoryIcon, type SizeIcon } from "./rules.ts";

const stroke = {
  width: 14,
  height: 14,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  "aria-hidden": true,
} as const;

/** PROD-027: 10054 standard (a size tag), 10053 made to measure by garment (a shirt), 10052 body type (a figure). */
const ICONS: Record<SizeIcon, React.JSX.Element> = {
  standard: (
    <svg {...stroke}>
      <path d="M3 12l9-9h8v8l-9 9z" strokeLinejoin="round" />
      <circle cx="16" cy="8" r="1.5" />
    </svg>
  ),
  garment: (
    <svg {...stroke}>
      <path d="M8 3l-5 4 3 3 2-1v12h8V9l2 1 3-3-5-4c-1 2-2.5 3-4 3s-3-1-4-3z" strokeLinejoin="round" />
    </svg>
  ),
  body: (
    <svg {...stroke}>
      <circle cx="12" cy="5" r="2.5" />
      <path d="M6 10h12M12 10v5M12 15l-4 6M12 15l4 6" strokeLinecap="round" />
    </svg>
  ),
};

/** An order's size category: its own icon (PROD-027) and its name. */
export function SizeCategory({ id, name }: { id: number; name: string }) {
  const icon = sizeCategoryIcon(id);
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-700" data-size-icon={icon ?? undefined}>
      {icon ? ICONS[icon] : null}
      {name}
    </span>
  );
}
