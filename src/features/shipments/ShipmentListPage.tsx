import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  CARD_ORDERS,
  canDeleteShipment,
  canEditShipDate,
  canEditShipment,
  SHIPMENT_STATUS,
  SHIPMENT_STATUSES,
  shipmentStyle,
  readyDateOf,
} from "./rules.ts";
import { api } from "../../api/client.ts";
import { unwrapWithMessage } from "../../api/envelope.ts";
import type { ShipmentSearch } from "../../routes/_auth/-shipmentSearch.ts";
import { Button } from "../../ui/Button.tsx";
import { cn } from "../../ui/cn.ts";
import { ConfirmDialog } from "../../ui/Dialog.tsx";
import { controlVariants, Field } from "../../ui/Field.tsx";
import { ListPage, ListPager } from "../../ui/list/index.ts";
import { toasts } from "../../ui/toast.ts";
import { shipmentQueries, SHIPMENT_PAGING } from "./queries.ts";
import { ShipmentDialog } from "./ShipmentDialog.tsx";

type Shipment = Awaited<ReturnType<NonNullable<ReturnType<typeof shipmentQueries.list>["queryFn"]>>>["rows"][number];

/** SHIP-009..012: 10033 plain, 10371 blue, others (10372 included, SHIP-011) green. */
const STYLE_CLASS = {
  plain: "bg-slate-100 text-slate-800",
  blue: "bg-blue-100 text-blue-900",
  green: "bg-green-100 text-green-900",
} as const;

export function StatusBadge({ status, name }: { status: number; name: string }) {
  const style = shipmentStyle(status);
  return (
    <span data-style={style} className={cn("rounded px-2 py-0.5 text-xs font-semibold", STYLE_CLASS[style])}>
      {name}
    </span>
  );
}

/** The shipment list (SHIP-001..006, SHIP-022, SHIP-023): search, filter, cards, pager 20/40/60/80. */
export function ShipmentListPage({
  search,
  onSearch,
}: {
  search: ShipmentSearch;
  onSearch: (next: ShipmentSearch) => void;
}) {
  const { t } = useLingui();
  const list = useQuery(shipmentQueries.list(search));
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const [keywords, setKeywords] = useState(search.keywords ?? "");
  const [deleting, setDeleting] = useState<Shipment | null>(null);
  const [editing, setEditing] = useState<Shipment | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (id: number) =>
      unwrapWithMessage(await api.DELETE("/pc/shipping", { params: { query: { id } } })),
    onSuccess: (result) => {
      toasts.show("success", result.message);
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ["shipments"] });
      void queryClient.invalidateQueries({ queryKey: ["underProduction"] });
    },
    onError: () => setDeleting(null),
  });
  const statusNames: Record<number, string> = {
    [SHIPMENT_STATUS.waiting]: t`Waiting for orders`,
    [SHIPMENT_STATUS.packed]: t`Packed`,
    [SHIPMENT_STATUS.shipped]: t`Shipped`,
    [SHIPMENT_STATUS.delivered]: t`Delivered`,
  };
  return (
    <ListPage
      title={<Trans>Shipments</Trans>}
      testId="shipment-list"
      toolbar={
        <form
          className="flex items-end gap-3"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            onSearch({ ...search, page: undefined, keywords: keywords.trim() || undefined });
          }}
        >
          <Field id="shipment-keywords" label={<Trans>Shipment, waybill, contact or order</Trans>}>
            {(control) => (
              <input
                {...control}
                className={controlVariants({})}
                value={keywords}
                onChange={(e) => setKeywords(e.target.value)}
              />
            )}
          </Field>
          <Field id="shipment-status" label={<Trans>Status</Trans>}>
            {(control) => (
              <select
                {...control}
                className={controlVariants({})}
                value={search.status ?? ""}
                onChange={(e) =>
                  onSearch({ ...search, page: undefined, status: e.target.value ? Number(e.target.value) : undefined })
                }
              >
                <option value="">{t`All`}</option>
                {SHIPMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusNames[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
        </form>
      }
    >
      <p className="mb-3 text-sm text-slate-700">
        <Plural value={total} one="# shipment" other="# shipments" />
      </p>
      {rows.length === 0 ? (
        <p className="rounded border border-slate-200 p-8 text-center text-slate-700">
          {search.keywords || search.status ? (
            <Trans>No shipment matches.</Trans>
          ) : (
            <Trans>No shipment yet. Choose orders on the order list and add them to a shipment.</Trans>
          )}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-4">
        {rows.map((s) => {
          const rest = s.orderCount - Math.min(CARD_ORDERS, s.orderList.length);
          return (
            <li key={s.id} className="rounded border border-slate-200 p-4" data-testid="shipment-card">
              <div className="flex items-center justify-between">
                <Link to="/shipmentDetails" search={{ id: s.id }} className="font-semibold text-brand underline">
                  {s.code}
                </Link>
                <StatusBadge status={s.status} name={s.statusName} />
              </div>
              <p className="mt-1 text-sm text-slate-700">
                <Trans>Ship date {s.shipdate}</Trans>
                {s.waybillNo ? (
                  <>
                    {" "}
                    · <Trans>Waybill {s.waybillNo}</Trans>
                  </>
                ) : null}
              </p>
              <p className="text-sm text-slate-700">
                {s.address.contact} · {s.address.addressInfo}
              </p>
              <ul className="mt-2 text-sm">
                {s.orderList.slice(0, CARD_ORDERS).map((o) => (
                  <li key={o.orderId}>
                    {o.orderCode} · {o.customerName} · {o.clothCategoryName}
                  </li>
                ))}
              </ul>
              {rest > 0 ? (
                <p className="text-sm text-slate-700" data-testid="shipment-more">
                  <Plural value={rest} one="and # more order" other="and # more orders" />
                </p>
              ) : null}
              <div className="mt-3 flex gap-2">
                {canEditShipment(s.status) ? (
                  <Button size="sm" variant="secondary" onClick={() => setEditing(s)}>
                    <Trans>Edit</Trans>
                  </Button>
                ) : null}
                {canDeleteShipment(s.status) ? (
                  <Button size="sm" variant="danger" onClick={() => setDeleting(s)}>
                    <Trans>Delete</Trans>
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ListPager id="shipment-page-size" paging={SHIPMENT_PAGING} total={total} search={search} onSearch={onSearch} />
      {deleting ? (
        <ConfirmDialog
          open
          destructive
          title={<Trans>Delete shipment {deleting.code}?</Trans>}
          description={<Trans>Its orders can be added to another shipment again.</Trans>}
          confirmLabel={<Trans>Delete</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id)}
          onCancel={() => setDeleting(null)}
          testId="shipment-delete-confirm"
        />
      ) : null}
      {editing ? <EditShipment shipment={editing} onClose={() => setEditing(null)} /> : null}
    </ListPage>
  );
}

/** Edits a shipment: its every order is read first (the card holds only two). */
export function EditShipment({ shipment, onClose }: { shipment: { id: number }; onClose: () => void }) {
  const detail = useQuery(shipmentQueries.detail(shipment.id));
  if (!detail.data) return null;
  const s = detail.data;
  return (
    <ShipmentDialog
      orders={s.orderList.map((o) => ({
        orderId: o.orderId,
        orderCode: o.orderCode,
        customerName: o.customerName,
        clothCategoryName: o.clothCategoryName,
        planDeliveryDate: o.deliveryDate,
        readyDate: readyDateOf({ status: o.status, planDeliveryDate: o.deliveryDate }),
      }))}
      shipment={{
        id: s.id,
        code: s.code,
        shipdate: s.shipdate,
        addressId: s.address.addressId,
        remark: s.remark,
        dateEditable: canEditShipDate(s.status),
      }}
      onClose={onClose}
    />
  );
}
