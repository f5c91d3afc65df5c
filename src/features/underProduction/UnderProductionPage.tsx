import { useState } from "react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, buttonVariants } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Img } from "../../ui/Img.tsx";
import { Money } from "../../ui/Money.tsx";
import { Table, type Column } from "../../ui/Table.tsx";
import { cn } from "../../ui/cn.ts";
import { toasts } from "../../ui/toast.ts";
import { BuyAgainButton } from "../cart/index.ts";
import { OrderLabelsCell } from "../labels/index.ts";
import {
  CancelOrderButton,
  FormulaButton,
  PreCommitButton,
  RemarkButton,
  UrgentButton,
} from "../orderActions/index.ts";
import { ConsumptionQueryButton, OrderCustomerButton } from "../orderTools/index.ts";
import {
  activeFilterCount,
  FilterModal,
  ListCount,
  ListEmpty,
  ListPage,
  ListPager,
  LookupNotice,
  MemberNotice,
  filterOf,
  isOwnOrder,
  orderListQueries,
  StatusBadge,
  useExport,
  useOrderTypes,
  PRODUCTION_FILTER_STATUSES,
  PRODUCTION_LIST,
  productionPageSize,
  productionQuery,
  type OrderListFilter,
  type OrderListSearch,
} from "../orderList/index.ts";
import { productionQueries } from "./queries.ts";
import { canEditOrderCustomer, isDeliveryOverdue, mayEditItem, offersOrderTools } from "./rules.ts";
import { SizeCategory } from "./SizeCategory.tsx";

type Row = Awaited<ReturnType<NonNullable<ReturnType<typeof productionQueries.list>["queryFn"]>>>["rows"][number];

/** Today's calendar date (UTC), the day PROD-040 counts from. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The under-production list (ORDER LIST, 002 §2; issue 12): the caller's paid orders (getOrderCartList
 * type 2) with the order search selector (PROD-002), the filter (PROD-022), the export (PROD-001,
 * PROD-057), selection for "add to shipment" (PROD-003; the shipments area builds the shipment), each
 * order's status in its colour (PROD-029..034, PROD-031: a failed status tells why), its size category's
 * icon (PROD-027), the code in orange when the delivery is overdue (PROD-040), and the estimated ship date
 * at the production simulator's pace with a warning when it slips (beyond the documents). What is shown
 * lives in the address (`search`): the header's ORDER LIST panel opens it with a status.
 */
export function UnderProductionPage({
  search,
  onSearch,
}: {
  search: OrderListSearch;
  onSearch: (next: OrderListSearch) => void;
}) {
  const { t } = useLingui();
  const list = useSuspenseQuery(productionQueries.list(search));
  const { rows, total } = list.data;
  const pageSize = productionPageSize(search);
  const pageCount = Math.ceil(total / pageSize);
  const [filterOpen, setFilterOpen] = useState(false);
  const exporter = useExport(productionQuery(search));
  const members = useQuery(orderListQueries.members());
  const self = members.data?.[0];
  const own = (row: Row) => isOwnOrder(members.data, row) === true;
  const member = search.userId === undefined ? undefined : members.data?.find((m) => m.id === search.userId);
  const orderTypes = useOrderTypes();
  const day = today();

  // PROD-003: the orders chosen for a shipment (the caller's own; a sub-account's are read-only)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selectable = rows.filter(own);
  const selected = selectable.filter((row) => chosen.has(row.orderId));
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  const choose = (ids: readonly string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  const applyFilter = (filter: OrderListFilter) => {
    setFilterOpen(false);
    onSearch({ size: search.size, ...filter });
  };

  const addToShipment = () => {
    const count = selected.length;
    // PROD-003: shipment creation is built by the shipments area; until then the button says so
    toasts.show(
      "info",
      t`Shipment creation comes with the shipments area: ${count} selected orders are kept for it, nothing was sent.`,
    );
  };

  const columns: Column<Row>[] = [
    {
      id: "select",
      header: (
        <Checkbox
          id="production-select-all"
          checked={allSelected}
          disabled={selectable.length === 0}
          onCheckedChange={(on) =>
            choose(
              selectable.map((row) => row.orderId),
              on,
            )
          }
          label={<span className="sr-only">{t`Select all orders on this page`}</span>}
        />
      ),
      cell: (row) => (
        <Checkbox
          id={`production-select-${row.orderId}`}
          checked={chosen.has(row.orderId)}
          disabled={!own(row)}
          onCheckedChange={(on) => choose([row.orderId], on)}
          label={<span className="sr-only">{t`Select order ${row.orderCode}`}</span>}
        />
      ),
      className: "w-10",
    },
    {
      id: "order",
      header: <Trans>Order</Trans>,
      cell: (row) => {
        // PROD-040: the code is orange when the planned delivery is 5 or more days past and nothing was delivered
        const overdue = isDeliveryOverdue(
          { statusId: row.status, planDeliveryDate: row.planDeliveryDate, deliveryDate: row.deliveryDate },
          day,
        );
        return (
          <div className="min-w-36">
            <Link
              to="/orderDetails"
              search={{ orderId: Number(row.orderId) }}
              className={cn("font-medium hover:underline", overdue ? "text-orange-700" : "text-slate-900")}
              data-overdue={overdue || undefined}
            >
              {row.orderCode}
            </Link>
            {overdue ? (
              <div className="text-xs text-orange-800">
                <Trans>Delivery overdue</Trans>
              </div>
            ) : null}
            {row.cusOrderCode ? (
              <div className="text-xs text-slate-600">
                <Trans>Customer order {row.cusOrderCode}</Trans>
              </div>
            ) : null}
            <div className="text-xs text-slate-600">
              {orderTypes.data?.find((type) => type.id === row.orderType)?.name ?? row.orderType} ·{" "}
              {row.pubDate.slice(0, 10)}
            </div>
            {isOwnOrder(members.data, row) === false ? (
              <div className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                <Trans>Read only ({row.username})</Trans>
              </div>
            ) : null}
          </div>
        );
      },
    },
    {
      id: "garment",
      header: <Trans>Garment</Trans>,
      cell: (row) => (
        <div className="flex items-center gap-3">
          {/* PROD-067: a picture that fails to load shows a placeholder */}
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
    },
    { id: "customer", header: <Trans>Customer</Trans>, cell: (row) => row.custName },
    {
      id: "delivery",
      header: <Trans>Delivery</Trans>,
      cell: (row) => <Delivery row={row} />,
    },
    { id: "amount", header: <Trans>Qty</Trans>, cell: (row) => row.amount, align: "right" },
    {
      id: "price",
      header: <Trans>Price</Trans>,
      cell: (row) => (row.priceCents === null ? "—" : <Money cents={row.priceCents} currency={row.moneyType} />),
      align: "right",
    },
    {
      id: "status",
      header: <Trans>Status</Trans>,
      cell: (row) => <StatusBadge order={row} />,
    },
    {
      // CART-021, LABEL-023: the order's labels and its label editor (a sub-account's order is read-only)
      id: "labels",
      header: <Trans>Labels</Trans>,
      cell: (row) => (
        <OrderLabelsCell orderId={row.orderId} orderCode={row.orderCode} labels={row.labels} readOnly={!own(row)} />
      ),
    },
    {
      id: "actions",
      header: <Trans>Actions</Trans>,
      cell: (row) => <RowActions row={row} own={own(row)} />,
    },
  ];

  const filters = activeFilterCount(search);
  return (
    <ListPage
      title={<Trans>Order list</Trans>}
      testId="under-production"
      filters={filters}
      onFilter={() => setFilterOpen(true)}
      exportButton={exporter.button}
      actions={
        <Button onClick={addToShipment} disabled={selected.length === 0}>
          <Trans>Add to shipment</Trans>
        </Button>
      }
    >
      {exporter.notice}

      <MemberNotice
        username={member && member.id !== self?.id ? member.username : undefined}
        testId="production-member"
      />

      <LookupNotice
        orderNum={search.orderNum}
        showAll={<Trans>Show every order</Trans>}
        onShowAll={() => onSearch({ ...search, orderNum: undefined, page: undefined })}
      />

      <ListCount
        total={total}
        selected={selected.length}
        filters={filters}
        onClearFilter={() => onSearch({ size: search.size })}
      />

      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.orderId}
        caption={<Trans>Orders in production</Trans>}
        data-testid="production-table"
        empty={
          <ListEmpty
            total={total}
            filtered={filters > 0 || search.orderNum !== undefined}
            hint={<Trans>Paid orders appear here while they are made.</Trans>}
            onFirstPage={() => onSearch({ ...search, page: undefined })}
            testId="production-empty"
          />
        }
      />

      <ListPager
        id="production-page-size"
        sizes={PRODUCTION_LIST.pageSizes}
        defaultSize={PRODUCTION_LIST.defaultPageSize}
        pageSize={pageSize}
        pageCount={pageCount}
        search={search}
        onSearch={onSearch}
      />

      <FilterModal
        key={filterOpen ? JSON.stringify(filterOf(search)) : "closed"}
        open={filterOpen}
        statuses={PRODUCTION_FILTER_STATUSES}
        deliveryDates
        shipment
        initial={filterOf(search)}
        onApply={applyFilter}
        onClose={() => setFilterOpen(false)}
      />
    </ListPage>
  );
}

/** The planned delivery date, the final one once delivered, and the simulator's estimate with its slip warning. */
function Delivery({ row }: { row: Row }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap text-slate-700">
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
      {row.shipDateSlips ? (
        <dd className="col-span-2 mt-1 rounded bg-amber-50 px-1.5 py-0.5 text-amber-900" role="note">
          <Trans>Slipping: later than planned</Trans>
        </dd>
      ) : null}
    </dl>
  );
}

/**
 * A row's actions: the order's details, buy again (D-03). Edit, consumption query and pre-commit are
 * offered only when the order's category and type allow them (PROD-038, PROD-039). The caller's own
 * orders also offer cancel (D-13: 10030, 10371, 206012), pre-commit (PROD-055) and the formula
 * (PROD-054) from orderActions; a sub-account's order is read-only for its main account. The order
 * customer (PROD-047..050, until cutting starts) and the consumption query (PROD-006) come from orderTools.
 */
function RowActions({ row, own }: { row: Row; own: boolean }) {
  const { t } = useLingui();
  const tools = offersOrderTools(row);
  return (
    <div className="flex w-40 flex-wrap items-center" data-tools={tools ? "offered" : "hidden"}>
      <Link
        to="/orderDetails"
        search={{ orderId: Number(row.orderId) }}
        className={buttonVariants({ variant: "link", size: "sm" })}
        aria-label={t`Details of order ${row.orderCode}`}
      >
        <Trans>Details</Trans>
      </Link>
      {/* D-03, PROD-015; issue 12: a delivered order may be bought again as its remake */}
      <BuyAgainButton
        order={{
          orderId: row.orderId,
          orderType: row.orderType,
          clothCategory: row.clothCategory,
          sizeCategoryId: row.sizeCategoryId,
          goodId: row.goodId,
        }}
        orderCode={row.orderCode}
        status={row.status}
        remark={row.remark}
      />
      {own ? (
        <CancelOrderButton orderId={row.orderId} orderCode={row.orderCode} statusId={row.status} variant="link" />
      ) : null}
      {own && tools ? <PreCommitButton order={row} variant="link" /> : null}
      {own ? <FormulaButton orderId={row.orderId} orderCode={row.orderCode} variant="link" /> : null}
      {/* PROD-005: urgent production of the caller's own order being made */}
      {own ? <UrgentButton orderId={row.orderId} orderCode={row.orderCode} statusId={row.status} /> : null}
      {/* PROD-007: the note, read-only here (PROD-052: an order in production is not changed) */}
      <RemarkButton orderId={row.orderId} orderCode={row.orderCode} remark={row.remark} editable={mayEditItem(row)} />
      {own && canEditOrderCustomer(row.status) ? (
        <OrderCustomerButton orderId={Number(row.orderId)} orderCode={row.orderCode} />
      ) : null}
      {tools ? <ConsumptionQueryButton orderCode={row.orderCode} /> : null}
    </div>
  );
}
