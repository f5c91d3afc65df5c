import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { orderCustomerRefusal, type FormRefusal, type OrderCustomerField, type OrderCustomerForm } from "./forms.ts";
import { api } from "../../api/client.ts";
import { unwrapWithMessage } from "../../api/envelope.ts";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { toasts } from "../../ui/toast.ts";
import { orderToolsQueries, type OrderCustomer } from "./queries.ts";
import { useFieldLabels, useRefusalText } from "./refusalText.ts";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";

interface Form extends OrderCustomerForm {
  phone: string;
  email: string;
  address: string;
}

const formOf = (c: OrderCustomer): Form => ({
  custName: c.custName,
  shortName: c.shortName,
  height: c.height === null ? "" : String(c.height),
  weight: c.weight === null ? "" : String(c.weight),
  phone: c.phone,
  email: c.email,
  address: c.address,
});

/**
 * The order customer edit (PROD-025, PROD-047..050, PROD-060, PROD-061): the order's own copy of its
 * customer, with the height and weight in their units; the customer book is not changed. Orders past
 * submitted (or another account's) are shown read-only.
 */
export function OrderCustomerModal({
  orderId,
  open,
  onClose,
}: {
  orderId: number;
  open: boolean;
  onClose: () => void;
}) {
  const customer = useQuery({ ...orderToolsQueries.orderCustomer(orderId), enabled: open });
  return (
    <Modal
      open={open}
      onClose={onClose}
      width={600}
      title={<Trans>Order customer</Trans>}
      description={customer.data ? <Trans>Order {customer.data.orderCode}</Trans> : undefined}
      testId="order-customer"
    >
      {customer.data ? (
        <CustomerForm key={customer.dataUpdatedAt} customer={customer.data} onClose={onClose} />
      ) : customer.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {customer.error.message}
        </p>
      ) : (
        <LoadingStatus inline />
      )}
    </Modal>
  );
}

const CONTROL: Record<OrderCustomerField, string> = {
  custName: "order-customer-name",
  shortName: "order-customer-nickname",
  height: "order-customer-height",
  weight: "order-customer-weight",
};

function CustomerForm({ customer, onClose }: { customer: OrderCustomer; onClose: () => void }) {
  const { t } = useLingui();
  const labels = useFieldLabels();
  const refusalText = useRefusalText();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(customer));
  const [refusal, setRefusal] = useState<FormRefusal<OrderCustomerField> | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const readOnly = customer.isEdit !== 1;
  const save = useMutation({
    mutationFn: async (body: Form) =>
      unwrapWithMessage(
        await api.POST("/pc/order/ordercustomer/updateOrderCustomerById", { body: { id: customer.orderId, ...body } }),
      ),
    onSuccess: async ({ message }) => {
      toasts.show("success", message);
      // the lists and the details show the order's customer name
      await queryClient.invalidateQueries();
      onClose();
    },
    onError: (error) =>
      setServerError(
        isApiError(error) && error.message ? error.message : t`The customer could not be saved. Please try again.`,
      ),
  });

  // PROD-047..050: the refused field takes the focus, its message under it.
  useEffect(() => {
    if (refusal) document.getElementById(CONTROL[refusal.field])?.focus();
  }, [refusal]);

  const set = (patch: Partial<Form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setRefusal(null);
    setServerError(null);
  };
  const errorOf = (field: OrderCustomerField) => (refusal?.field === field ? refusalText(refusal) : null);
  const text = (field: keyof Form, id: string, label: string, extra: { required?: boolean; hint?: string } = {}) => (
    <Field
      id={id}
      label={label}
      required={extra.required}
      hint={extra.hint}
      error={field in CONTROL ? errorOf(field as OrderCustomerField) : null}
    >
      {(control, invalid) => (
        <input
          {...control}
          readOnly={readOnly}
          inputMode={field === "height" || field === "weight" ? "decimal" : undefined}
          className={controlVariants({ invalid })}
          value={form[field]}
          onChange={(event) => set({ [field]: event.target.value })}
        />
      )}
    </Field>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (readOnly) return;
        const found = orderCustomerRefusal(form, customer);
        setRefusal(found);
        if (!found) save.mutate(form);
      }}
    >
      {readOnly ? (
        <p role="status" className="mb-4 rounded bg-slate-100 px-3 py-2 text-sm text-slate-800">
          <Trans>This order's customer can no longer be changed.</Trans>
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-4">
        {text("custName", CONTROL.custName, labels.custName, { required: true })}
        {text("shortName", CONTROL.shortName, labels.shortName, { required: true })}
        {text("height", CONTROL.height, labels.height, { required: true, hint: customer.heightUnitName })}
        {text("weight", CONTROL.weight, labels.weight, { required: true, hint: customer.weightUnitName })}
        {text("phone", "order-customer-phone", t`Phone`)}
        {text("email", "order-customer-email", t`Email`)}
        <div className="col-span-2">{text("address", "order-customer-address", t`Address`)}</div>
        {customer.genderName ? (
          <p className="text-sm text-slate-700">
            <Trans>Gender: {customer.genderName}</Trans>
          </p>
        ) : null}
      </div>
      {serverError ? (
        <p role="alert" className="mt-4 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverError}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={onClose}>
          {readOnly ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
        </Button>
        {readOnly ? null : (
          <Button type="submit" pending={save.isPending}>
            <Trans>Save</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
