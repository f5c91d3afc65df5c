import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { fromPromise } from "xstate";
import {
  ADDABLE_PAGE_SIZES,
  MAX_DELAY_WARNING_DAYS,
  MAX_SHIPMENT_REMARK,
  readyDateOf,
  todayIn,
  type DateSorts,
} from "./rules.ts";
import {
  shipmentCreationMachine,
  type AddressPick,
  type ShipmentCreationInput,
  type ShipmentMessageKey,
  type ShipmentOrderPick,
} from "../../../machines/shipmentCreation/shipmentCreation.machine.ts";
import {
  isBusy,
  isDateEditable,
  selectAddresses,
  selectAddressId,
  selectChosenAddress,
  selectChosenIds,
  selectDelayWarning,
  selectDelayWarningDays,
  selectEditing,
  selectOrders,
  selectRefusal,
  selectRemark,
  selectSaved,
  selectShipDate,
  selectSorts,
  selectStep,
} from "../../../machines/shipmentCreation/shipmentCreation.selectors.ts";
import type { Notice } from "../../../machines/shared/messages.ts";
import { api } from "../../api/client.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";
import { currentLocale } from "../../app/i18n.ts";
import { inspectFlow } from "../../app/liveFlows.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { controlVariants, Field } from "../../ui/Field.tsx";
import { LimitedTextarea } from "../../ui/LimitedTextarea.tsx";
import { Pagination } from "../../ui/Pagination.tsx";
import { PageSizeSelect } from "../../ui/list/index.ts";
import { toasts } from "../../ui/toast.ts";
import { AddressFormDialog } from "../addresses/index.ts";

/** The user's calendar day (SHIP-016: the default date counts from it). */
const userToday = () => todayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

function useRefusalText() {
  const { t } = useLingui();
  return (notice: Notice<ShipmentMessageKey> | null | undefined): string | null => {
    if (!notice) return null;
    if (notice.key === "server") return notice.text;
    const texts: Record<ShipmentMessageKey, string> = {
      "shipment.ordersRequired": t`Please select at least one order`,
      "shipment.dateRequired": t`Please choose a ship date`,
      "shipment.dateInvalid": t`The ship date is not a valid date`,
      "shipment.datePast": t`The ship date cannot be in the past`,
      "shipment.addressRequired": t`Please choose a delivery address`,
      "shipment.remarkTooLong": t`A shipping note has at most ${MAX_SHIPMENT_REMARK} characters`,
      "shipment.failed": t`The shipment could not be saved`,
    };
    return texts[notice.key];
  };
}

const addressPickOf = (a: {
  id: number;
  contact: string;
  address: string;
  city: string;
  countryName: string;
  isDefault: number;
}): AddressPick => ({
  id: a.id,
  contact: a.contact,
  summary: [a.address, a.city, a.countryName].filter(Boolean).join(", "),
  isDefault: a.isDefault === 1,
});

/**
 * The shipment dialog (issue 23): creates a shipment from the chosen orders, or edits one (`shipment`),
 * through the `shipmentCreation` machine. Closes itself when saved.
 */
export function ShipmentDialog({
  orders,
  shipment,
  onClose,
}: {
  orders: ShipmentOrderPick[];
  shipment?: ShipmentCreationInput["shipment"];
  onClose: (saved: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const actor = useActorRef(
    shipmentCreationMachine.provide({
      actors: {
        loadAddresses: fromPromise(async () => unwrap(await api.GET("/pc/address", {})).map(addressPickOf)),
        saveShipment: fromPromise(async ({ input }) => {
          const { id, ...body } = input;
          const result =
            id === undefined
              ? unwrapWithMessage(await api.POST("/pc/shipping/create", { body }))
              : unwrapWithMessage(await api.PUT("/pc/shipping", { body: { ...body, id } }));
          toasts.show("success", result.message);
          return { id: result.data.id, code: result.data.code };
        }),
      },
    }),
    { input: { orders, today: userToday(), shipment }, inspect: inspectFlow },
  );
  const step = useSelector(actor, selectStep);
  const saved = useSelector(actor, selectSaved);
  const editing = useSelector(actor, selectEditing);
  useEffect(() => {
    if (!saved) return;
    void queryClient.invalidateQueries({ queryKey: ["shipments"] });
    void queryClient.invalidateQueries({ queryKey: ["underProduction"] });
    onClose(true);
  }, [saved, queryClient, onClose]);

  const { t } = useLingui();
  const title = editing ? t`Edit shipment ${editing.code}` : t`Create a shipment`;
  const stepName: Record<typeof step, string> = {
    loading: t`Loading`,
    failed: t`Loading failed`,
    orders: t`1. Orders`,
    picking: t`1. Add orders`,
    details: t`2. Date, address and note`,
    addingAddress: t`2. Date, address and note`,
    review: t`3. Review`,
    done: t`3. Review`,
  };
  return (
    <Modal open onClose={() => onClose(false)} title={title} width={900} testId="shipment-dialog">
      <p className="mb-4 text-sm font-semibold text-slate-700" data-testid="shipment-step">
        {stepName[step]}
      </p>
      <StepView actor={actor} />
    </Modal>
  );
}

type Actor = ReturnType<typeof useActorRef<typeof shipmentCreationMachine>>;

function RefusalLine({ actor, field }: { actor: Actor; field: string | null }) {
  const refusal = useSelector(actor, selectRefusal);
  const text = useRefusalText()(refusal?.notice);
  if (!refusal || !text || (field !== "*" && refusal.field !== field)) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {text}
    </p>
  );
}

function StepView({ actor }: { actor: Actor }) {
  const step = useSelector(actor, selectStep);
  if (step === "loading")
    return (
      <p className="text-sm text-slate-700">
        <Trans>Loading the delivery addresses…</Trans>
      </p>
    );
  if (step === "failed")
    return (
      <div>
        <RefusalLine actor={actor} field="*" />
        <Button className="mt-4" onClick={() => actor.send({ type: "user.retry" })}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  if (step === "orders") return <OrdersStep actor={actor} />;
  if (step === "picking") return <PickerStep actor={actor} />;
  if (step === "details" || step === "addingAddress") return <DetailsStep actor={actor} />;
  return <ReviewStep actor={actor} />;
}

function OrderLines({ orders, onRemove }: { orders: ShipmentOrderPick[]; onRemove?: (id: number) => void }) {
  const { t } = useLingui();
  return (
    <ul className="divide-y divide-slate-200 rounded border border-slate-200" data-testid="shipment-orders">
      {orders.map((o) => (
        <li key={o.orderId} className="flex items-center justify-between px-4 py-2 text-sm">
          <span>
            <span className="font-semibold">{o.orderCode}</span> · {o.customerName} · {o.clothCategoryName}
            {o.planDeliveryDate ? (
              <span className="text-slate-700">
                {" "}
                · <Trans>planned {o.planDeliveryDate}</Trans>
              </span>
            ) : null}
          </span>
          {onRemove ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onRemove(o.orderId)}
              aria-label={t`Remove order ${o.orderCode}`}
            >
              <Trans>Remove</Trans>
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function OrdersStep({ actor }: { actor: Actor }) {
  const orders = useSelector(actor, selectOrders);
  return (
    <div>
      {orders.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>No order is chosen yet.</Trans>
        </p>
      ) : (
        <OrderLines orders={orders} onRemove={(orderId) => actor.send({ type: "user.removeOrder", orderId })} />
      )}
      <RefusalLine actor={actor} field="orders" />
      <div className="mt-6 flex justify-between">
        <Button variant="secondary" onClick={() => actor.send({ type: "user.openPicker" })}>
          <Trans>Add more orders</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: "user.next" })}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </div>
  );
}

const SORT_MARK = ["", " ↑", " ↓"] as const;

/** SHIP-027, SHIP-031, SHIP-014, SHIP-015: the addable orders, 10 a page, keyword and one date sort. */
function PickerStep({ actor }: { actor: Actor }) {
  const { t } = useLingui();
  const chosen = useSelector(actor, selectChosenIds);
  const editing = useSelector(actor, selectEditing);
  const sorts = useSelector(actor, selectSorts);
  const [keywords, setKeywords] = useState("");
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(ADDABLE_PAGE_SIZES[0]);
  const [picked, setPicked] = useState<Map<number, ShipmentOrderPick>>(new Map());
  const query = useQuery({
    queryKey: ["shipments", "addable", keywords, sorts, page, size, chosen, editing?.code, currentLocale()],
    queryFn: async () => {
      const result = await api.GET("/pc/shipping/addOrder", {
        params: {
          query: {
            keywords: keywords.trim() || undefined,
            existOrderId: chosen.map((id) => `${id},`).join("") || undefined,
            deliveryCode: editing?.code,
            pubDateSort: sorts.pubDateSort,
            deliveryDateSort: sorts.deliveryDateSort,
            pageNum: page,
            pageSize: size as 10 | 20 | 30 | 40,
          },
        },
      });
      return { rows: unwrap(result), total: result.data?.total ?? 0 };
    },
  });
  const rows = query.data?.rows ?? [];
  const sortButton = (which: keyof DateSorts, label: string) => (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={sorts[which] !== 0}
      onClick={() => {
        setPage(1);
        actor.send({ type: "user.cycleSort", which });
      }}
    >
      {label}
      {SORT_MARK[sorts[which]]}
    </Button>
  );
  return (
    <div data-testid="addable-orders">
      <div className="mb-3 flex items-end gap-3">
        <Field id="addable-keywords" label={<Trans>Search orders</Trans>}>
          {(control) => (
            <input
              {...control}
              className={controlVariants({})}
              value={keywords}
              onChange={(e) => {
                setKeywords(e.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
        {sortButton("pubDateSort", t`Order date`)}
        {sortButton("deliveryDateSort", t`Planned delivery`)}
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-700">
            <th className="w-10 py-1">
              <span className="sr-only">
                <Trans>Choose</Trans>
              </span>
            </th>
            <th>
              <Trans>Order</Trans>
            </th>
            <th>
              <Trans>Customer</Trans>
            </th>
            <th>
              <Trans>Status</Trans>
            </th>
            <th>
              <Trans>Order date</Trans>
            </th>
            <th>
              <Trans>Planned delivery</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="py-4 text-center text-slate-700">
                <Trans>No order can be added.</Trans>
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={row.orderId} className="border-t border-slate-200">
              <td className="py-1">
                <input
                  type="checkbox"
                  aria-label={t`Choose order ${row.orderCode}`}
                  checked={picked.has(row.orderId)}
                  onChange={(e) =>
                    setPicked((had) => {
                      const next = new Map(had);
                      if (e.target.checked)
                        next.set(row.orderId, {
                          orderId: row.orderId,
                          orderCode: row.orderCode,
                          customerName: row.customerName,
                          clothCategoryName: row.clothCategoryName,
                          planDeliveryDate: row.planDeliveryDate,
                          readyDate: readyDateOf(row),
                        });
                      else next.delete(row.orderId);
                      return next;
                    })
                  }
                />
              </td>
              <td>{row.orderCode}</td>
              <td>{row.customerName}</td>
              <td>{row.statusName}</td>
              <td>{row.pubDate.slice(0, 10)}</td>
              <td>{row.planDeliveryDate ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex items-center justify-between">
        <PageSizeSelect
          id="addable-page-size"
          sizes={[...ADDABLE_PAGE_SIZES]}
          value={size}
          onChange={(next) => {
            setSize(next);
            setPage(1);
          }}
        />
        <Pagination page={page} pageCount={Math.ceil((query.data?.total ?? 0) / size)} onPageChange={setPage} />
      </div>
      <div className="mt-6 flex justify-between">
        <Button variant="secondary" onClick={() => actor.send({ type: "user.closePicker" })}>
          <Trans>Back</Trans>
        </Button>
        <Button
          disabled={picked.size === 0}
          onClick={() => actor.send({ type: "user.addOrders", orders: [...picked.values()] })}
        >
          <Trans>Add the chosen orders</Trans>
        </Button>
      </div>
    </div>
  );
}

function DetailsStep({ actor }: { actor: Actor }) {
  const shipDate = useSelector(actor, selectShipDate);
  const remark = useSelector(actor, selectRemark);
  const addresses = useSelector(actor, selectAddresses);
  const addressId = useSelector(actor, selectAddressId);
  const dateEditable = useSelector(actor, isDateEditable);
  const refusal = useSelector(actor, selectRefusal);
  const adding = useSelector(actor, selectStep) === "addingAddress";
  const delayDays = useSelector(actor, selectDelayWarningDays);
  // what the user types (an empty field for a moment); the machine keeps the last whole number of days
  const [delayText, setDelayText] = useState(String(delayDays));
  const text = useRefusalText()(refusal?.notice);
  return (
    <div className="space-y-5">
      <Field
        id="shipment-date"
        name="shipdate"
        label={<Trans>Ship date</Trans>}
        required
        error={refusal?.field === "shipdate" ? text : null}
        hint={dateEditable ? null : <Trans>The parcel is packed: its ship date is fixed.</Trans>}
      >
        {(control, invalid) => (
          <input
            {...control}
            type="date"
            className={controlVariants({ invalid })}
            value={shipDate}
            readOnly={!dateEditable}
            onChange={(e) => actor.send({ type: "user.setShipDate", shipDate: e.target.value })}
          />
        )}
      </Field>
      <Field
        id="shipment-address"
        name="address"
        group
        label={<Trans>Delivery address</Trans>}
        required
        error={refusal?.field === "address" ? text : null}
      >
        {(control) => (
          <div {...control} role="radiogroup" className="space-y-2">
            {addresses.length === 0 ? (
              <p className="text-sm text-slate-700">
                <Trans>No delivery address yet.</Trans>
              </p>
            ) : null}
            <Button variant="link" size="sm" onClick={() => actor.send({ type: "user.openAddressForm" })}>
              <Trans>Add an address</Trans>
            </Button>
            {addresses.map((a) => (
              <label key={a.id} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="shipment-address"
                  checked={addressId === a.id}
                  onChange={() => actor.send({ type: "user.chooseAddress", addressId: a.id })}
                />
                <span>
                  <span className="font-semibold">{a.contact}</span> · {a.summary}
                  {a.isDefault ? (
                    <span className="ml-2 rounded bg-slate-100 px-1 text-xs">
                      <Trans>Default</Trans>
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        )}
      </Field>
      <Field
        id="shipment-delay-days"
        name="delayWarningDays"
        label={<Trans>Warn when one order delays the others by more than (days)</Trans>}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            min={0}
            max={MAX_DELAY_WARNING_DAYS}
            step={1}
            className={`${controlVariants({ width: "auto" })} w-32`}
            value={delayText}
            onChange={(e) => {
              setDelayText(e.target.value);
              actor.send({ type: "user.setDelayWarningDays", days: e.target.valueAsNumber });
            }}
          />
        )}
      </Field>
      <LimitedTextarea
        id="shipment-remark"
        name="remark"
        label={<Trans>Note</Trans>}
        max={MAX_SHIPMENT_REMARK}
        value={remark}
        onChange={(value) => actor.send({ type: "user.setRemark", remark: value })}
        error={refusal?.field === "remark" ? text : null}
      />
      <div className="flex justify-between">
        <Button variant="secondary" onClick={() => actor.send({ type: "user.back" })}>
          <Trans>Back</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: "user.next" })}>
          <Trans>Next</Trans>
        </Button>
      </div>
      {/* SHIP-020: an address added without leaving the flow, through the address book's own form */}
      <AddressFormDialog
        open={adding}
        mode="add"
        onClose={() => actor.send({ type: "user.closeAddressForm" })}
        onSaved={(address) => actor.send({ type: "user.addressSaved", address: addressPickOf(address) })}
      />
    </div>
  );
}

function ReviewStep({ actor }: { actor: Actor }) {
  const orders = useSelector(actor, selectOrders);
  const shipDate = useSelector(actor, selectShipDate);
  const remark = useSelector(actor, selectRemark);
  const address = useSelector(actor, selectChosenAddress);
  const busy = useSelector(actor, isBusy);
  const editing = useSelector(actor, selectEditing);
  const delay = useSelector(actor, selectDelayWarning);
  const holder = delay?.holder.orderCode ?? "";
  const finish = delay?.holder.readyDate ?? "";
  const firstReady = delay?.firstReady ?? "";
  const days = delay?.days ?? 0;
  return (
    <div className="space-y-4 text-sm" data-testid="shipment-review">
      <OrderLines orders={orders} />
      {delay ? (
        // group shipping that waits: the parcel leaves when its last order is finished
        <p
          role="status"
          className="rounded border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
          data-testid="shipment-delay"
        >
          <Trans>
            Order {holder} holds this shipment back: it should be finished on {finish}, {days} days after the first
            order is ready ({firstReady}). The parcel leaves when its last order is finished.
          </Trans>
        </p>
      ) : null}
      <dl className="grid grid-cols-[10rem_1fr] gap-2">
        <dt className="text-slate-700">
          <Trans>Ship date</Trans>
        </dt>
        <dd>{shipDate}</dd>
        <dt className="text-slate-700">
          <Trans>Delivery address</Trans>
        </dt>
        <dd>{address ? `${address.contact} · ${address.summary}` : ""}</dd>
        <dt className="text-slate-700">
          <Trans>Note</Trans>
        </dt>
        <dd className="whitespace-pre-wrap">{remark}</dd>
      </dl>
      <RefusalLine actor={actor} field="*" />
      <div className="flex justify-between">
        <Button variant="secondary" pending={busy} onClick={() => actor.send({ type: "user.back" })}>
          <Trans>Back</Trans>
        </Button>
        <Button pending={busy} onClick={() => actor.send({ type: "user.submit" })}>
          {editing ? <Trans>Save the shipment</Trans> : <Trans>Create the shipment</Trans>}
        </Button>
      </div>
    </div>
  );
}
