import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { canEditShipment, MAX_SHIPMENT_REMARK, trackingUrl } from "./rules.ts";
import { api } from "../../api/client.ts";
import { saveFileAnswer } from "../../api/download.ts";
import { unwrapWithMessage } from "../../api/envelope.ts";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Img } from "../../ui/Img.tsx";
import { LimitedTextarea } from "../../ui/LimitedTextarea.tsx";
import { toasts } from "../../ui/toast.ts";
import { shipmentQueries } from "./queries.ts";
import { EditShipment, StatusBadge } from "./ShipmentListPage.tsx";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";

/** The shipment's packing list (issue 23), made by the server in the page's language and saved. */
async function downloadPackingList(id: number, code: string): Promise<string> {
  const result = await api.GET("/pc/shipping/{id}/packingList", {
    params: { path: { id: String(id) } },
    parseAs: "blob",
  });
  return saveFileAnswer(result, "application/pdf", `${code}-packing-list.pdf`);
}

/** Shipment details (SHIP-007, SHIP-008, SHIP-024, SHIP-029): address, orders, waybill, tracking, note. */
export function ShipmentDetailsPage({ id }: { id: number }) {
  const { t } = useLingui();
  const detail = useQuery(shipmentQueries.detail(id));
  const [remark, setRemark] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [printing, setPrinting] = useState(false);
  const queryClient = useQueryClient();
  const saveRemark = useMutation({
    mutationFn: async (text: string) =>
      unwrapWithMessage(
        await api.POST("/pc/shipping/{id}/remark", {
          params: { path: { id: String(id) } },
          body: { id, remark: text },
        }),
      ),
    onSuccess: (result) => {
      toasts.show("success", result.message);
      setRemark(null);
      void queryClient.invalidateQueries({ queryKey: ["shipments"] });
    },
  });
  const s = detail.data;
  if (!s)
    return (
      <main className="mx-auto w-[1280px] py-8" data-testid="shipment-details-missing">
        <nav className="mb-4 text-sm">
          <Link to="/shipment" className="underline">
            <Trans>Shipments</Trans>
          </Link>
        </nav>
        {detail.isError ? (
          <p role="alert">
            <Trans>This shipment does not exist.</Trans>
          </p>
        ) : (
          <LoadingStatus />
        )}
      </main>
    );
  const a = s.address;
  return (
    <main className="mx-auto w-[1280px] py-8" data-testid="shipment-details">
      <nav className="mb-4 text-sm">
        <Link to="/shipment" className="underline">
          <Trans>Shipments</Trans>
        </Link>{" "}
        / {s.code}
      </nav>
      <div className="mb-6 flex items-center gap-4">
        <h1 className="text-2xl font-semibold text-brand">
          <Trans>Shipment {s.code}</Trans>
        </h1>
        <StatusBadge status={s.status} name={s.statusName} />
        {canEditShipment(s.status) ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Trans>Edit</Trans>
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          disabled={printing}
          onClick={() => {
            setPrinting(true);
            downloadPackingList(s.id, s.code)
              .then((name) => toasts.show("success", t`Downloaded ${name}`))
              .catch((error: unknown) =>
                toasts.show(
                  "error",
                  isApiError(error) && error.message ? error.message : t`The download failed. Please try again.`,
                ),
              )
              .finally(() => setPrinting(false));
          }}
        >
          <Trans>Download the packing list</Trans>
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-8">
        <section aria-labelledby="shipment-address-title">
          <h2 id="shipment-address-title" className="mb-2 text-lg font-semibold">
            <Trans>Delivery address</Trans>
          </h2>
          <dl className="grid grid-cols-[10rem_1fr] gap-1 text-sm" data-testid="shipment-address">
            <dt className="text-slate-700">
              <Trans>Contact</Trans>
            </dt>
            <dd>{a.contact}</dd>
            <dt className="text-slate-700">
              <Trans>Phone</Trans>
            </dt>
            <dd>{a.phone}</dd>
            <dt className="text-slate-700">
              <Trans>Address</Trans>
            </dt>
            <dd>{a.addressInfo}</dd>
            <dt className="text-slate-700">
              <Trans>Express</Trans>
            </dt>
            <dd>
              {a.expressName} · {a.expressTypeName}
            </dd>
            <dt className="text-slate-700">
              <Trans>Payment</Trans>
            </dt>
            <dd>{a.payTypeName}</dd>
            <dt className="text-slate-700">
              <Trans>Ship date</Trans>
            </dt>
            <dd>{s.shipdate}</dd>
            <dt className="text-slate-700">
              <Trans>Waybill</Trans>
            </dt>
            <dd data-testid="shipment-waybill">
              {s.waybillNo ? (
                a.expressUrl ? (
                  <a
                    href={trackingUrl(a.expressUrl, s.waybillNo)}
                    target="_blank"
                    rel="noreferrer"
                    className="underline"
                  >
                    {s.waybillNo}
                  </a>
                ) : (
                  s.waybillNo
                )
              ) : (
                <Trans>Not shipped yet</Trans>
              )}
            </dd>
          </dl>
        </section>
        <section aria-labelledby="shipment-tracking-title">
          <h2 id="shipment-tracking-title" className="mb-2 text-lg font-semibold">
            <Trans>Tracking</Trans>
          </h2>
          {s.trackList.length === 0 ? (
            <p className="text-sm text-slate-700">
              <Trans>The carrier has not picked the parcel up yet.</Trans>
            </p>
          ) : (
            <ol className="space-y-2 border-l-2 border-slate-300 pl-4 text-sm" data-testid="shipment-tracking">
              {s.trackList.map((e) => (
                <li key={e.ftime + e.context}>
                  <span className="text-slate-700">{e.ftime}</span> · {e.context}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <section aria-labelledby="shipment-orders-title" className="mt-8">
        <h2 id="shipment-orders-title" className="mb-2 text-lg font-semibold">
          <Trans>Orders</Trans>
        </h2>
        <ul className="divide-y divide-slate-200 rounded border border-slate-200" data-testid="shipment-order-list">
          {s.orderList.map((o) => (
            <li key={o.orderId} className="flex items-center gap-4 px-4 py-2 text-sm">
              <Img src={o.clothPath} alt={o.clothCategoryName} className="h-14 w-14 object-contain" />
              <Link to="/orderDetails" search={{ orderId: o.orderId }} className="font-semibold underline">
                {o.orderCode}
              </Link>
              <span>{o.customerName}</span>
              <span>{o.clothCategoryName}</span>
              <span>{o.fabric}</span>
              <span>{o.statusName}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="shipment-remark-title" className="mt-8 w-[640px]">
        <h2 id="shipment-remark-title" className="mb-2 text-lg font-semibold">
          <Trans>Note</Trans>
        </h2>
        {remark === null ? (
          <div className="flex items-start gap-4">
            <p className="whitespace-pre-wrap text-sm" data-testid="shipment-remark">
              {s.remark || t`No note.`}
            </p>
            <Button variant="secondary" size="sm" onClick={() => setRemark(s.remark)}>
              <Trans>Edit the note</Trans>
            </Button>
          </div>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              saveRemark.mutate(remark);
            }}
          >
            <LimitedTextarea
              id="shipment-remark-edit"
              name="remark"
              label={<Trans>Note</Trans>}
              max={MAX_SHIPMENT_REMARK}
              value={remark}
              onChange={setRemark}
            />
            <div className="mt-2 flex gap-2">
              <Button type="submit" pending={saveRemark.isPending}>
                <Trans>Save the note</Trans>
              </Button>
              <Button variant="secondary" onClick={() => setRemark(null)}>
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </form>
        )}
      </section>
      {editing ? <EditShipment shipment={{ id }} onClose={() => setEditing(false)} /> : null}
    </main>
  );
}
