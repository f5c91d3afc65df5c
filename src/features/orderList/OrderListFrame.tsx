import type { ReactNode } from "react";
import { Plural, Trans } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { FilterButton, ListEmpty } from "../../ui/list/index.ts";
import { LabelLibraryButton } from "../labels/index.ts";
import { OrderLookup } from "./OrderLookup.tsx";

/**
 * The toolbar of an order list (my order, under production; shipments next), the `toolbar` of its
 * `ListPage`: the order lookup (CART-003, PROD-002), the label library (LABEL-009), the filter (CART-004,
 * PROD-022), the export (CART-005, PROD-001) and what the list adds (e.g. "Add to shipment").
 */
export function OrderListToolbar({
  orderNum,
  filters,
  onFilter,
  exportButton,
  actions,
}: {
  /** The one order the list is narrowed to (the address's `orderNum`): the lookup box shows it, or nothing. */
  orderNum: string | undefined;
  /** How many filter fields are set (the badge on the Filter button). */
  filters: number;
  onFilter: () => void;
  exportButton: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      {/* the box follows the address: a fresh box once "Show every order" drops the order (issue 20) */}
      <OrderLookup key={orderNum ?? ""} initial={orderNum ?? ""} />
      <LabelLibraryButton />
      <FilterButton count={filters} onClick={onFilter} />
      {exportButton}
      {actions}
    </>
  );
}

/** The number of orders of a list, the `count` of its `ListCount`. */
export function OrderCount({ total }: { total: number }) {
  return <Plural value={total} one="# order" other="# orders" />;
}

/** What an order list's table says when it has no rows (`ListEmpty` in the orders' words). */
export function OrderListEmpty(props: {
  total: number;
  filtered: boolean;
  hint: ReactNode;
  onFirstPage: () => void;
  testId: string;
}) {
  return (
    <ListEmpty
      {...props}
      texts={{
        pastLastPage: <Trans>There are no orders on this page.</Trans>,
        empty: <Trans>No orders here</Trans>,
        noMatch: <Trans>No order matches the filter.</Trans>,
      }}
    />
  );
}

/** PROD-051: the notice that the list shows a sub-account's orders (read-only), when it does. */
export function MemberNotice({ username, testId }: { username: string | undefined; testId: string }) {
  if (username === undefined) return null;
  return (
    <p className="mb-4 rounded bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid={testId}>
      <Trans>Showing the orders of {username}. Orders of a sub-account are read-only.</Trans>
    </p>
  );
}

/** The one order a lookup opened (`orderNum`), with the way back to the whole list (`showAll` names it). */
export function LookupNotice({
  orderNum,
  showAll,
  onShowAll,
}: {
  orderNum: string | undefined;
  showAll: ReactNode;
  onShowAll: () => void;
}) {
  if (!orderNum) return null;
  return (
    <p className="mb-4 text-sm text-slate-700">
      <Trans>Order {orderNum}</Trans>{" "}
      <Button variant="link" size="sm" onClick={onShowAll}>
        {showAll}
      </Button>
    </p>
  );
}
