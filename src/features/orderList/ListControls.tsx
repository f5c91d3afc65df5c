import { useState, type ReactNode } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Select } from "../../ui/Select.tsx";
import { exportOrders, type ExportQuery } from "./exportOrders.ts";

/** The Filter button with the number of filter fields set (CART-004, PROD-022). */
export function FilterButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick} aria-haspopup="dialog">
      <Trans>Filter</Trans>
      {count > 0 ? (
        <span className="rounded-full bg-brand px-1.5 text-xs text-white">
          <span className="sr-only">
            <Plural value={count} one="# filter set" other="# filters set" />
          </span>
          <span aria-hidden="true">{count}</span>
        </span>
      ) : null}
    </Button>
  );
}

/** The page size of a list (CART-054: 10/20/40/60/80; the production list 20/40/60/80). */
export function PageSizeSelect({
  id,
  sizes,
  value,
  onChange,
}: {
  id: string;
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id}>
        <Trans>Per page</Trans>
      </label>
      <Select
        id={id}
        className="w-20"
        value={String(value)}
        onValueChange={(next) => onChange(Number(next))}
        options={sizes.map((size) => ({ value: String(size), label: String(size) }))}
      />
    </div>
  );
}

/**
 * CART-005, PROD-001, PROD-057: the Export button of a list and what it says while the spreadsheet is
 * prepared or when the export failed (the server's message).
 */
export function useExport(query: ExportQuery) {
  const { t } = useLingui();
  const [state, setState] = useState<"idle" | "preparing" | "failed">("idle");
  const [error, setError] = useState("");
  const run = async () => {
    setState("preparing");
    setError("");
    try {
      await exportOrders(query);
      setState("idle");
    } catch (failure) {
      setState("failed");
      setError(isApiError(failure) && failure.message ? failure.message : t`The export failed. Please try again.`);
    }
  };
  const button = (
    <Button variant="secondary" onClick={() => void run()} disabled={state === "preparing"}>
      <Trans>Export</Trans>
    </Button>
  );
  const notice = (
    <div aria-live="polite" className="empty:hidden">
      {state === "preparing" ? (
        <p role="status" className="mb-4 rounded bg-blue-50 px-4 py-2 text-sm text-blue-900">
          <Trans>Preparing the spreadsheet…</Trans>
        </p>
      ) : state === "failed" ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-4 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
  return { button, notice };
}

/**
 * What an order list's table says when it has no rows: a page past the last one offers the first page;
 * an empty list says whether the filter or the list itself is empty (`hint` says what would appear).
 */
export function ListEmpty({
  total,
  filtered,
  hint,
  onFirstPage,
  testId,
}: {
  total: number;
  filtered: boolean;
  hint: ReactNode;
  onFirstPage: () => void;
  testId: string;
}) {
  if (total > 0)
    return (
      <div className="flex flex-col items-center gap-3">
        <Trans>There are no orders on this page.</Trans>
        <Button variant="outline" onClick={onFirstPage}>
          <Trans>First page</Trans>
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-1" data-testid={testId}>
      <span className="text-base font-medium text-slate-800">
        <Trans>No orders here</Trans>
      </span>
      <span className="text-sm">{filtered ? <Trans>No order matches the filter.</Trans> : hint}</span>
    </div>
  );
}
