import { useEffect, useRef, useState } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import { Button } from "../../ui/Button.tsx";
import { controlVariants } from "../../ui/Field.tsx";
import { useDebounced } from "../../ui/useDebounced.ts";
import { CustomerFormModal } from "./CustomerFormModal.tsx";
import { ImportModal } from "./ImportModal.tsx";
import { customerQueries } from "./queries.ts";

type Card = components["schemas"]["CustomerCard"];

/** A customer's picture, or the initial of the name. */
export function Avatar({ name, imagePath, size = 64 }: { name: string; imagePath: string; size?: number }) {
  return imagePath ? (
    <img
      src={imagePath}
      alt=""
      width={size}
      height={size}
      className="rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex items-center justify-center rounded-full bg-brand/10 text-xl font-semibold text-brand"
      style={{ width: size, height: size }}
    >
      {name.trim().slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}

/** CUST-005, CUST-006: avatar, name, phone, remark and the homepage link to the details. */
function CustomerCard({ customer }: { customer: Card }) {
  return (
    <li
      className="flex flex-col items-center gap-2 rounded-md border border-slate-200 bg-white p-4 text-center shadow-sm"
      data-testid="customer-card"
    >
      <Avatar name={customer.custName} imagePath={customer.imagePath} />
      <h2 className="w-full truncate font-semibold text-slate-900">{customer.custName}</h2>
      <p className="w-full truncate text-sm text-slate-700">{customer.phone || "—"}</p>
      <p className="line-clamp-2 min-h-[2.5rem] w-full text-xs text-slate-600">{customer.remark}</p>
      <Link
        to="/customerDetails"
        search={{ id: customer.id }}
        className="text-sm font-medium text-brand underline-offset-2 hover:underline"
      >
        <Trans>Homepage</Trans>
        <span className="sr-only">: {customer.custName}</span>
      </Link>
    </li>
  );
}

/**
 * CUST-002..008: the customer book: keyword search, six cards a row, the next 18 loading as the bottom
 * comes near (with a loading and an end state), the four-tab add modal and, for the named accounts,
 * the CSV import.
 */
export function CustomerListPage() {
  const { t } = useLingui();
  const [typed, setTyped] = useState("");
  const keywords = useDebounced(typed.trim(), 300);
  const list = useInfiniteQuery(customerQueries.list(keywords));
  const importAllowed = useQuery(customerQueries.importAllowed());
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // CUST-003: the next page loads when the bottom comes within 200 px of the viewport.
  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "0px 0px 200px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <main className="mx-auto max-w-[1280px] px-6 py-8">
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-semibold text-brand">
          <Trans>Customers</Trans>
        </h1>
        <input
          type="search"
          aria-label={t`Search customers`}
          placeholder={t`Name, nickname, phone or e-mail`}
          className={controlVariants({ width: "auto" }) + " w-72"}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        {importAllowed.data?.allowed ? (
          <Button variant="outline" onClick={() => setImporting(true)} data-testid="customer-import-open">
            <Trans>Import CSV</Trans>
          </Button>
        ) : null}
        <Button onClick={() => setAdding(true)} data-testid="customer-add">
          <Trans>Add customer</Trans>
        </Button>
      </div>
      <p className="mb-3 text-sm text-slate-700" aria-live="polite">
        {list.isPending ? <Trans>Loading…</Trans> : <Plural value={total} one="# customer" other="# customers" />}
      </p>
      <ul className="grid grid-cols-6 gap-4" aria-label={t`Customers`}>
        {rows.map((c) => (
          <CustomerCard key={c.id} customer={c} />
        ))}
      </ul>
      <div ref={sentinel} className="h-1" />
      <p role="status" className="py-6 text-center text-sm text-slate-700" data-testid="customer-list-end">
        {isFetchingNextPage ? (
          <Trans>Loading more customers…</Trans>
        ) : list.isSuccess && rows.length === 0 ? (
          keywords ? (
            <Trans>No customer matches “{keywords}”.</Trans>
          ) : (
            <Trans>No customers yet. Add the first one.</Trans>
          )
        ) : list.isSuccess && !hasNextPage ? (
          <Trans>That is every customer.</Trans>
        ) : null}
      </p>
      {adding ? <CustomerFormModal open onClose={() => setAdding(false)} /> : null}
      {importing ? <ImportModal open onClose={() => setImporting(false)} /> : null}
    </main>
  );
}
