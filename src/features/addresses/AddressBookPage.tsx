import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmDialog } from "../../ui/Dialog.tsx";
import { toasts } from "../../ui/toast.ts";
import { AddressFormDialog, type AddressDialogMode } from "./AddressFormDialog.tsx";
import { addressQueries, deleteAddress, refreshAddresses, setDefaultAddress, type Address } from "./queries.ts";

/** The id of a card's heading: the card's buttons are described by it ("Edit", "Ann Lee"). */
const nameId = (address: Address) => `address-${address.id}-name`;

/**
 * `/deliveryAddress` (001 §2, ADDR-001..008): the account's addresses as cards plus an add card; each card
 * offers edit and delete (with confirmation), opens the address's details, and is marked default or offers
 * set-default.
 */
export function AddressBookPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: addresses = [], isPending } = useQuery(addressQueries.list());
  const [dialog, setDialog] = useState<{ mode: AddressDialogMode; address?: Address } | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      const { message } = await action();
      await refreshAddresses(queryClient);
      toasts.show("success", message);
      return true;
    } catch (error) {
      toasts.show("error", isApiError(error) ? error.message : t`The address could not be changed`);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto max-w-[1200px] px-6 py-8">
      <h1 className="mb-6 text-2xl font-semibold text-brand">
        <Trans>Delivery addresses</Trans>
      </h1>
      {/* ADDR-001: cards plus an add card */}
      <ul className="grid grid-cols-3 gap-6" aria-busy={isPending}>
        <li>
          <button
            type="button"
            onClick={() => setDialog({ mode: "add" })}
            className="flex h-full min-h-56 w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-400 text-slate-700 hover:border-brand hover:text-brand"
          >
            <span aria-hidden="true" className="text-4xl leading-none">
              +
            </span>
            <span className="font-semibold">
              <Trans>Add address</Trans>
            </span>
          </button>
        </li>
        {addresses.map((address) => (
          <li
            key={address.id}
            data-testid="address-card"
            className={`flex flex-col rounded-lg border bg-white p-5 shadow-sm ${address.isDefault === 1 ? "border-brand ring-1 ring-brand" : "border-slate-300"}`}
          >
            <div className="mb-2 flex items-start justify-between gap-2">
              {/* Focused once the card became the default (its button is gone), and it names the card's buttons. */}
              <h2
                id={nameId(address)}
                tabIndex={-1}
                className="min-w-0 break-words text-lg font-semibold text-slate-900 focus:outline-none"
              >
                {address.contact}
              </h2>
              {/* ADDR-005, ADDR-008: the default is marked where the others offer to become it */}
              {address.isDefault === 1 ? (
                <span className="shrink-0 rounded bg-brand px-2 py-0.5 text-xs font-semibold text-white">
                  <Trans>Default</Trans>
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  className="shrink-0"
                  pending={busy}
                  aria-describedby={nameId(address)}
                  onClick={() =>
                    void run(() => setDefaultAddress(address.id)).then(
                      (done) => done && document.getElementById(nameId(address))?.focus(),
                    )
                  }
                >
                  <Trans>Set as default</Trans>
                </Button>
              )}
            </div>
            {address.company && <p className="break-words text-sm text-slate-700">{address.company}</p>}
            <p className="text-sm text-slate-700">{address.phone}</p>
            <p className="mt-2 break-words text-sm text-slate-900">{address.address}</p>
            <p className="break-words text-sm text-slate-900">
              {[address.city, address.provinceName, address.zipcode].filter(Boolean).join(", ")}
            </p>
            <p className="text-sm text-slate-900">{address.countryName}</p>
            <p className="mt-2 text-sm text-slate-700">
              {address.expressName} · {address.expressTypeName}
            </p>
            <div className="mt-auto flex flex-wrap gap-2 pt-4">
              <Button
                size="sm"
                variant="outline"
                aria-describedby={nameId(address)}
                onClick={() => setDialog({ mode: "detail", address })}
              >
                <Trans>Details</Trans>
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-describedby={nameId(address)}
                onClick={() => setDialog({ mode: "edit", address })}
              >
                <Trans>Edit</Trans>
              </Button>
              <Button
                size="sm"
                variant="danger"
                className="ml-auto"
                aria-describedby={nameId(address)}
                onClick={() => setDeleting(address)}
              >
                <Trans>Delete</Trans>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <AddressFormDialog
        open={dialog !== null}
        mode={dialog?.mode ?? "add"}
        address={dialog?.address}
        onClose={() => setDialog(null)}
      />
      {/* ADDR-006 */}
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Delete address</Trans>}
        description={
          <Trans>Delete the address of {deleting?.contact}? Shipments that use it keep their own copy.</Trans>
        }
        confirmLabel={<Trans>Delete</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          if (!target) return;
          void run(() => deleteAddress(target.id)).then(() => setDeleting(null));
        }}
      />
    </main>
  );
}
