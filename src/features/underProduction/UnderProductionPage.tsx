import { lazy, Suspense, useState } from "react";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { ListCount, ListPage, ListPager, selectColumn, useFilterSwitch, useRowSelection } from "../../ui/list/index.ts";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";
import { Table, type Column } from "../../ui/Table.tsx";
import {
  activeFilterCount,
  DeliveryDateFields,
  filterOf,
  isOwnOrder,
  LookupNotice,
  MemberNotice,
  OrderCount,
  OrderFilterModal,
  OrderListEmpty,
  OrderListToolbar,
  orderListQueries,
  PRODUCTION_FILTER_STATUSES,
  PRODUCTION_LIST,
  productionQuery,
  ShipmentField,
  useExport,
  useOrderColumns,
  type OrderListFilter,
  type OrderListSearch,
} from "../orderList/index.ts";
import { productionQueries } from "./queries.ts";
import { isDeliveryOverdue } from "./rules.ts";
import { ProductionRowActions } from "./ProductionRowActions.tsx";
import { loadShipmentDialog, readyDateOf } from "../shipments/index.ts";
import { LoadBoundary } from "../../ui/LoadBoundary.tsx";

// PROD-003: the shipment dialog's code comes when "Add to shipment" is in reach (pointer or focus) or pressed;
// a failed early download is said by the LoadBoundary once the dialog is asked for, not before
const ShipmentDialog = lazy(loadShipmentDialog);
const preloadShipmentDialog = () => void loadShipmentDialog().catch(() => undefined);

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
  const filterSwitch = useFilterSwitch();
  const exporter = useExport(productionQuery(search));
  const members = useQuery(orderListQueries.members());
  const self = members.data?.[0];
  const own = (row: Row) => isOwnOrder(members.data, row) === true;
  const member = search.userId === undefined ? undefined : members.data?.find((m) => m.id === search.userId);
  const cols = useOrderColumns<Row>();
  const day = today();

  // PROD-003: the orders chosen for a shipment (the caller's own; a sub-account's are read-only)
  const selection = useRowSelection({ rows, rowKey: (row) => row.orderId, canSelect: own });
  const selected = selection.selected;

  const applyFilter = (filter: OrderListFilter) => {
    onSearch({ size: search.size, ...filter });
  };

  // PROD-003, issue 23: the chosen orders start the shipment-creation flow
  const [shipping, setShipping] = useState(false);
  const addToShipment = () => setShipping(true);

  const columns: Column<Row>[] = [
    selectColumn(selection, {
      id: "production-select",
      rowKey: (row) => row.orderId,
      allLabel: t`Select all orders on this page`,
      rowLabel: (row) => t`Select order ${row.orderCode}`,
    }),
    cols.order({
      readOnly: (row) => isOwnOrder(members.data, row) === false,
      // PROD-040: the code is orange when the planned delivery is 5 or more days past and nothing was delivered
      overdue: (row) =>
        isDeliveryOverdue(
          { statusId: row.status, planDeliveryDate: row.planDeliveryDate, deliveryDate: row.deliveryDate },
          day,
        ),
      typeAndDate: true,
    }),
    cols.garment,
    cols.customer,
    cols.delivery,
    cols.qty,
    cols.price,
    cols.status(),
    // a sub-account's order is read-only
    cols.labels({ own }),
    { id: "actions", header: <Trans>Actions</Trans>, cell: (row) => <ProductionRowActions row={row} own={own(row)} /> },
  ];

  const filters = activeFilterCount(search);
  return (
    <ListPage
      title={<Trans>Order list</Trans>}
      testId="under-production"
      toolbar={
        <OrderListToolbar
          orderNum={search.orderNum}
          filters={filters}
          onFilter={() => filterSwitch.set(true)}
          exportButton={exporter.button}
          actions={
            <Button
              onClick={addToShipment}
              disabled={selected.length === 0}
              onPointerEnter={preloadShipmentDialog}
              onFocus={preloadShipmentDialog}
            >
              <Trans>Add to shipment</Trans>
            </Button>
          }
        />
      }
    >
      {exporter.notice}
      {shipping ? (
        <LoadBoundary>
          <Suspense fallback={<LoadingStatus inline />}>
            <ShipmentDialog
              orders={selected.map((row) => ({
                orderId: Number(row.orderId),
                orderCode: row.orderCode,
                customerName: row.custName,
                clothCategoryName: row.clothZhName,
                planDeliveryDate: row.planDeliveryDate,
                readyDate: readyDateOf(row),
              }))}
              onClose={(saved) => {
                setShipping(false);
                if (saved) selection.setAll(false);
              }}
            />
          </Suspense>
        </LoadBoundary>
      ) : null}

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
        count={<OrderCount total={total} />}
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
          <OrderListEmpty
            total={total}
            filtered={filters > 0 || search.orderNum !== undefined}
            hint={<Trans>Paid orders appear here while they are made.</Trans>}
            onFirstPage={() => onSearch({ ...search, page: undefined })}
            testId="production-empty"
          />
        }
      />

      <ListPager id="production-page-size" paging={PRODUCTION_LIST} total={total} search={search} onSearch={onSearch} />

      <OrderFilterModal
        filterSwitch={filterSwitch}
        status={{ statuses: PRODUCTION_FILTER_STATUSES }}
        extraFields={(filter, set) => (
          <>
            <DeliveryDateFields filter={filter} set={set} />
            <ShipmentField filter={filter} set={set} />
          </>
        )}
        initial={filterOf(search)}
        onApply={applyFilter}
      />
    </ListPage>
  );
}
