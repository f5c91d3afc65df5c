import { Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import { Img } from "../../ui/Img.tsx";
import { Money } from "../../ui/Money.tsx";
import type { Column } from "../../ui/Table.tsx";
import { cn } from "../../ui/cn.ts";
import { OrderLabelsCell } from "../labels/index.ts";
import { useOrderTypes } from "./dictionaries.ts";
import { SizeCategory } from "./SizeCategory.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

/** A row of an order list (getOrderCartList) with its price in cents (null when the server's is malformed). */
export type OrderRow = components["schemas"]["CartOrder"] & { priceCents: number | null };

/**
 * The columns of the order lists (my order, under production), each written once; a list picks and
 * orders the ones it shows and adds its own (selection, row actions):
 * `[select, cols.order({...}), cols.customer, …, actions]`. Hook: the order type's name is read from
 * the order search dictionary (PROD-062).
 */
export function useOrderColumns<R extends OrderRow>() {
  const orderTypes = useOrderTypes();
  const typeName = (row: R) => orderTypes.data?.find((type) => type.id === row.orderType)?.name ?? row.orderType;

  return {
    /**
     * The order code, opening its details (PROD-053), the customer order code, and "Read only (member)"
     * for a row the caller may not change (`readOnly`). `overdue` (PROD-040) colours the code orange with
     * a note; `typeAndDate` adds the order type and date under it (a list without their own columns).
     */
    order: ({
      readOnly,
      overdue,
      typeAndDate = false,
    }: {
      readOnly: (row: R) => boolean;
      overdue?: (row: R) => boolean;
      typeAndDate?: boolean;
    }): Column<R> => ({
      id: "order",
      header: <Trans>Order</Trans>,
      cell: (row) => {
        const late = overdue?.(row) ?? false;
        return (
          <div className={typeAndDate ? "min-w-36" : undefined}>
            <Link
              to="/orderDetails"
              search={{ orderId: Number(row.orderId) }}
              className={cn(
                "font-medium underline-offset-2 hover:underline",
                late ? "text-orange-700" : "text-slate-900 hover:text-brand",
              )}
              data-overdue={late || undefined}
            >
              {row.orderCode}
            </Link>
            {late ? (
              <div className="text-xs text-orange-800">
                <Trans>Delivery overdue</Trans>
              </div>
            ) : null}
            {row.cusOrderCode ? (
              <div className="text-xs text-slate-600">
                <Trans>Customer order {row.cusOrderCode}</Trans>
              </div>
            ) : null}
            {typeAndDate ? (
              <div className="text-xs text-slate-600">
                {typeName(row)} · {row.pubDate.slice(0, 10)}
              </div>
            ) : null}
            {readOnly(row) ? (
              <div className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                <Trans>Read only ({row.username})</Trans>
              </div>
            ) : null}
          </div>
        );
      },
    }),
    /** The garment: its picture (PROD-067: a placeholder when it fails), category, fabric and size category (PROD-027). */
    garment: {
      id: "garment",
      header: <Trans>Garment</Trans>,
      cell: (row) => (
        <div className="flex items-center gap-3">
          <Img
            src={row.clothUrl}
            alt={row.clothZhName}
            className="h-14 w-12 shrink-0 rounded bg-slate-50 object-contain text-[10px]"
          />
          <div>
            <div className="text-slate-900">{row.clothZhName}</div>
            <div className="text-xs text-slate-600">
              <Trans>Fabric {row.fabric}</Trans>
            </div>
            <SizeCategory id={row.sizeCategoryId} name={row.sizeCategoryName} />
          </div>
        </div>
      ),
    } satisfies Column<R>,
    customer: { id: "customer", header: <Trans>Customer</Trans>, cell: (row) => row.custName } satisfies Column<R>,
    // the category's name in the caller's language
    category: { id: "category", header: <Trans>Category</Trans>, cell: (row) => row.clothZhName } satisfies Column<R>,
    fabric: { id: "fabric", header: <Trans>Fabric</Trans>, cell: (row) => row.fabric } satisfies Column<R>,
    orderType: { id: "type", header: <Trans>Order type</Trans>, cell: typeName } satisfies Column<R>,
    date: { id: "date", header: <Trans>Date</Trans>, cell: (row) => row.pubDate.slice(0, 10) } satisfies Column<R>,
    /** The planned delivery date, the final one once delivered, and the simulator's estimate with its slip warning. */
    delivery: {
      id: "delivery",
      header: <Trans>Delivery</Trans>,
      cell: (row) => <Delivery row={row} />,
    } satisfies Column<R>,
    qty: { id: "amount", header: <Trans>Qty</Trans>, cell: (row) => row.amount, align: "right" } satisfies Column<R>,
    price: {
      id: "price",
      header: <Trans>Price</Trans>,
      cell: (row) => (row.priceCents === null ? "—" : <Money cents={row.priceCents} currency={row.moneyType} />),
      align: "right",
    } satisfies Column<R>,
    /** The status in its colour (PROD-028..034); `withError` adds the server's refusal under it (blError). */
    status: ({ withError = false }: { withError?: boolean } = {}): Column<R> => ({
      id: "status",
      header: <Trans>Status</Trans>,
      cell: (row) =>
        withError ? (
          <div className="max-w-56">
            <StatusBadge order={row} />
            {row.blError ? <p className="mt-1 text-xs text-red-700">{row.blError}</p> : null}
          </div>
        ) : (
          <StatusBadge order={row} />
        ),
    }),
    /** CART-021, LABEL-023: the order's labels and its label editor (read-only unless `own`). */
    labels: ({ own }: { own: (row: R) => boolean }): Column<R> => ({
      id: "labels",
      header: <Trans>Labels</Trans>,
      cell: (row) => (
        <OrderLabelsCell orderId={row.orderId} orderCode={row.orderCode} labels={row.labels} readOnly={!own(row)} />
      ),
    }),
  };
}

/**
 * The delivery dates as a definition list, and the slip warning after it: a note is not a term or a
 * definition, so it stays outside the list (issue 20: axe's definition-list rule).
 */
function Delivery({ row }: { row: OrderRow }) {
  return (
    <div className="text-xs whitespace-nowrap text-slate-700">
      <dl className="grid grid-cols-[auto_auto] gap-x-2">
        <dt>
          <Trans>Planned</Trans>
        </dt>
        <dd>{row.planDeliveryDate ?? "—"}</dd>
        {row.deliveryDate ? (
          <>
            <dt>
              <Trans>Delivered</Trans>
            </dt>
            <dd>{row.deliveryDate}</dd>
          </>
        ) : null}
        {row.estimatedShipDate ? (
          <>
            <dt>
              <Trans>Estimated ship</Trans>
            </dt>
            <dd
              className={row.shipDateSlips ? "font-semibold text-amber-900" : undefined}
              data-slips={row.shipDateSlips || undefined}
            >
              {row.estimatedShipDate}
            </dd>
          </>
        ) : null}
      </dl>
      {row.shipDateSlips ? (
        <p className="mt-1 inline-block rounded bg-amber-50 px-1.5 py-0.5 text-amber-900" role="note">
          <Trans>Slipping: later than planned</Trans>
        </p>
      ) : null}
    </div>
  );
}
