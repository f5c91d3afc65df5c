import { useEffect, useState, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  CONSUMPTION_DICT,
  consumptionDefaults,
  consumptionRefusal,
  CUT_TWICE,
  type ConsumptionField,
  type ConsumptionForm,
  type FormRefusal,
} from "./forms.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/envelope.ts";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { Select } from "../../ui/Select.tsx";
import { formatDateTime } from "../../ui/dates.ts";
import { shellQueries } from "../shell/index.ts";
import { orderToolsQueries, type ConsumptionResult } from "./queries.ts";
import { useFieldLabels, useRefusalText } from "./refusalText.ts";

/** The control each field of the form is entered in (an id and its name share one select). */
const CONTROL: Record<ConsumptionField, string> = {
  strStripeId: "consumption-appearance",
  strStripe: "consumption-appearance",
  strWidth: "consumption-width",
  strStripeWidth: "consumption-strip-width",
  strGridWidth: "consumption-grid-size",
  strTwoClippingId: "consumption-cut-twice",
  strTwoClipping: "consumption-cut-twice",
  orderCode: "consumption-order-code",
};

/** PROD-042: how often a query in progress is read again. */
const IN_PROGRESS_REFETCH_MS = 2000;

/**
 * The consumption query of one order (PROD-006, PROD-041..046, PROD-066): the form with the appearance
 * (dictionary 14, D-05) and cut-twice (12) choices, cut twice "No" by default (PROD-046); every field's
 * refusal is shown under it and the field is focused (PROD-044, PROD-045); then the stored result by
 * its status (0 failed with the server's reason and time, 1 in progress (read again until it settles,
 * PROD-042), 2 the result).
 */
export function ConsumptionQueryModal({
  orderCode,
  open,
  onClose,
}: {
  orderCode: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const labels = useFieldLabels();
  const refusalText = useRefusalText();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ConsumptionForm>(() => consumptionDefaults(orderCode));
  const [refusal, setRefusal] = useState<FormRefusal<ConsumptionField> | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [view, setView] = useState<"auto" | "form">("auto");
  const appearances = useQuery({ ...shellQueries.dictionary(CONSUMPTION_DICT.appearance), enabled: open });
  const cutTwice = useQuery({ ...shellQueries.dictionary(CONSUMPTION_DICT.cutTwice), enabled: open });
  // PROD-042: a query in progress is read again until it settles (and only then)
  const latest = useQuery({
    ...orderToolsQueries.costDetail(orderCode),
    enabled: open,
    refetchInterval: (query) => (query.state.data?.status === 1 ? IN_PROGRESS_REFETCH_MS : false),
  });
  const push = useMutation({
    mutationFn: async (body: ConsumptionForm) => unwrap(await api.POST("/pc/order/pushOrderCost", { body })),
    onSuccess: (data) => {
      queryClient.setQueryData(orderToolsQueries.costDetail(orderCode).queryKey, data);
      setView("auto");
    },
    onError: (error) =>
      setServerError(
        isApiError(error) && error.message ? error.message : t`The query could not be sent. Please try again.`,
      ),
  });

  // PROD-044: the refused field takes the focus, its message under it.
  useEffect(() => {
    if (refusal) document.getElementById(CONTROL[refusal.field])?.focus();
  }, [refusal]);

  const set = (patch: Partial<ConsumptionForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setRefusal(null);
    setServerError(null);
  };
  const errorOf = (...fields: ConsumptionField[]) =>
    refusal && fields.includes(refusal.field) ? refusalText(refusal) : null;

  const submit = () => {
    const found = consumptionRefusal(form);
    setRefusal(found);
    setServerError(null);
    if (!found) push.mutate(form);
  };

  const result = latest.data;
  const showResult = view === "auto" && result && !push.isPending;

  return (
    <Modal
      open={open}
      onClose={onClose}
      width={560}
      title={<Trans>Consumption query</Trans>}
      description={<Trans>Order {orderCode}</Trans>}
      testId="consumption-query"
      footer={
        showResult ? (
          <>
            <Button variant="outline" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
            <Button onClick={() => setView("form")}>
              <Trans>New query</Trans>
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" form="consumption-form" pending={push.isPending}>
              {push.isPending ? <Trans>Querying…</Trans> : <Trans>Query</Trans>}
            </Button>
          </>
        )
      }
    >
      {showResult ? (
        <ResultView result={result} />
      ) : (
        <form
          id="consumption-form"
          noValidate
          className="grid grid-cols-2 gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field
            id={CONTROL.strStripeId}
            label={labels.strStripeId}
            required
            error={errorOf("strStripeId", "strStripe")}
          >
            {(control) => (
              <Select
                {...control}
                value={form.strStripeId || undefined}
                placeholder={t`Choose`}
                onValueChange={(value) =>
                  set({
                    strStripeId: value,
                    strStripe: appearances.data?.find((entry) => String(entry.id) === value)?.name ?? "",
                  })
                }
                options={(appearances.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
              />
            )}
          </Field>
          <Field
            id={CONTROL.strTwoClippingId}
            label={labels.strTwoClippingId}
            required
            error={errorOf("strTwoClippingId", "strTwoClipping")}
          >
            {(control) => (
              <Select
                {...control}
                value={form.strTwoClippingId || undefined}
                placeholder={t`Choose`}
                onValueChange={(value) =>
                  set({
                    strTwoClippingId: value,
                    strTwoClipping: Object.values(CUT_TWICE).find((c) => String(c.id) === value)?.value ?? "",
                  })
                }
                options={(cutTwice.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
              />
            )}
          </Field>
          {(["strWidth", "strStripeWidth", "strGridWidth"] as const).map((field) => (
            <Field key={field} id={CONTROL[field]} label={labels[field]} hint={t`cm`} required error={errorOf(field)}>
              {(control, invalid) => (
                <input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  className={controlVariants({ invalid })}
                  value={form[field]}
                  onChange={(event) => set({ [field]: event.target.value })}
                />
              )}
            </Field>
          ))}
          <Field id={CONTROL.orderCode} label={labels.orderCode} required error={errorOf("orderCode")}>
            {(control, invalid) => (
              <input {...control} readOnly className={controlVariants({ invalid })} value={form.orderCode} />
            )}
          </Field>
          {serverError ? (
            <p role="alert" className="col-span-2 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
              {serverError}
            </p>
          ) : null}
        </form>
      )}
    </Modal>
  );
}

/** PROD-041..043: a stored query by its status. */
function ResultView({ result }: { result: ConsumptionResult }) {
  const { i18n, t } = useLingui();
  const labels = useFieldLabels();
  const time = formatDateTime(result.createDate, i18n.locale);
  if (result.status === 0)
    return (
      <div role="alert" data-status="0" className="rounded bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">
          <Trans>The consumption query failed</Trans>
        </p>
        {/* PROD-066: the server's reason as it sent it */}
        <p className="mt-1">{result.error}</p>
        <p className="mt-2 text-xs text-red-800">
          <Trans>Queried at {time}</Trans>
        </p>
      </div>
    );
  if (result.status === 1)
    return (
      <p role="status" data-status="1" className="rounded bg-sky-50 p-4 text-sm text-sky-900">
        <Trans>The consumption query is in progress. The result appears here when it is ready.</Trans>
      </p>
    );
  const rows: Array<[ReactNode, string]> = [
    [labels.strStripeId, result.stripe],
    // the units through Lingui: metres and centimetres
    [<Trans key="cost">Fabric consumption</Trans>, t`${result.cost} m`],
    [labels.strWidth, t`${result.width} cm`],
    [labels.strStripeWidth, t`${result.stripeWidth} cm`],
    [labels.strGridWidth, t`${result.gridWidth} cm`],
    [labels.strTwoClippingId, result.clipping],
  ];
  return (
    <div data-status="2">
      <p role="status" className="mb-4 rounded bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
        <Trans>Submitted successfully</Trans>
      </p>
      <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value], k) => (
          <div key={k} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-600">
        <Trans>Queried at {time}</Trans>
      </p>
    </div>
  );
}
