import { useLingui } from "@lingui/react/macro";
import { cn } from "./cn.ts";
import { pageItems } from "./pagination.ts";

const itemClass =
  "flex h-8 min-w-8 items-center justify-center rounded border px-2 text-sm disabled:cursor-not-allowed disabled:opacity-50";

/**
 * A pager: previous, the page numbers (first, last, the current one with its neighbours, gaps for
 * the rest) and next. Pages are 1-based; the current page is `aria-current="page"`.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  className,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  const { t } = useLingui();
  const items = pageItems(page, pageCount);
  if (items.length <= 1) return null;
  return (
    <nav aria-label={t`Pages`} className={cn("flex items-center justify-center", className)}>
      <ul className="flex items-center gap-1">
        <li>
          <button
            type="button"
            className={cn(itemClass, "border-slate-300 bg-white")}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            aria-label={t`Previous page`}
          >
            ‹
          </button>
        </li>
        {items.map((item) => {
          if (item.type === "gap")
            return (
              <li key={`gap-${item.key}`} aria-hidden="true" className="px-1 text-slate-600">
                …
              </li>
            );
          const number = item.page;
          return (
            <li key={number}>
              <button
                type="button"
                className={cn(
                  itemClass,
                  item.page === page
                    ? "border-brand bg-brand font-semibold text-white"
                    : "border-slate-300 bg-white hover:bg-slate-50",
                )}
                aria-current={item.page === page ? "page" : undefined}
                aria-label={t`Page ${number}`}
                onClick={() => item.page !== page && onPageChange(item.page)}
              >
                {item.page}
              </button>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            className={cn(itemClass, "border-slate-300 bg-white")}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
            aria-label={t`Next page`}
          >
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}
