import { useEffect, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Tabs } from "radix-ui";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ADDRESS_DICT,
  ADDRESS_TAB,
  addressRefusals,
  trimAddress,
  type AddressDraft,
  type AddressField,
} from "../../../domain/addresses.ts";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { controlVariants, Field } from "../../ui/Field.tsx";
import { Select } from "../../ui/Select.tsx";
import { toasts } from "../../ui/toast.ts";
import { addressRefusalText } from "./messages.ts";
import {
  addressQueries,
  countriesQuery,
  refreshAddresses,
  saveAddress,
  type Address,
  type AddressInput,
} from "./queries.ts";

/** What the dialog shows: a new address, one address read-only (with an edit button), or one being edited. */
export type AddressDialogMode = "add" | "detail" | "edit";

/**
 * The address form dialog (ADDR-002..004, ADDR-007..022): a full-screen modal with two tabs, contacts
 * information and express information, in three modes. Reusable by any flow that needs an address
 * (the shipment creation opens it in "add" mode to add an address without leaving the flow).
 *
 * API:
 * - `open`, `onClose()`: shown while open; closing (Escape, the close button, Cancel) calls onClose.
 * - `mode`: "add" (an empty form), "detail" (read-only, an Edit button turns it into "edit") or "edit".
 * - `address`: the address shown or edited (detail, edit); omitted for add.
 * - `onSaved(address)`: called with the saved address (as the server answers it, names included) after
 *   a successful save, before the dialog asks to close; the address book's reads are refreshed already.
 *
 * Save checks the rules of domain/addresses.ts (the server's own): every refused field shows its message
 * under it (ADDR-022), the tab of the first one opens and that field is scrolled into view and focused.
 */
export function AddressFormDialog(props: {
  open: boolean;
  mode: AddressDialogMode;
  address?: Address;
  onClose: () => void;
  onSaved?: (address: Address) => void;
}) {
  const { t } = useLingui();
  // the address of the details that the Edit button turned into the form (until the dialog closes)
  const [editing, setEditing] = useState<number | null>(null);
  const mode: AddressDialogMode =
    props.mode === "detail" && props.address && editing === props.address.id ? "edit" : props.mode;
  const close = () => {
    setEditing(null);
    props.onClose();
  };
  const title = mode === "add" ? t`Add address` : mode === "edit" ? t`Edit address` : t`Address details`;
  return (
    <Modal open={props.open} onClose={close} title={title} width={960} fullScreen testId="address-dialog">
      {props.open &&
        (mode === "detail" && props.address ? (
          <AddressDetail address={props.address} onEdit={() => setEditing(props.address!.id)} onClose={close} />
        ) : (
          <AddressForm
            key={props.address?.id ?? "new"}
            address={mode === "edit" ? props.address : undefined}
            onCancel={close}
            onSaved={(saved) => {
              props.onSaved?.(saved);
              close();
            }}
          />
        ))}
    </Modal>
  );
}

type Tab = "contacts" | "express";
type Flag = "isOrigianl" | "insuranceService" | "dtpService" | "emailMessage" | "isDefault";

const tabTriggerClass =
  "-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 data-[state=active]:border-brand data-[state=active]:text-brand";

function TabList() {
  const { t } = useLingui();
  return (
    <Tabs.List aria-label={t`Address`} className="mb-6 flex gap-2 border-b border-slate-200">
      <Tabs.Trigger value="contacts" className={tabTriggerClass}>
        <Trans>Contacts information</Trans>
      </Tabs.Trigger>
      <Tabs.Trigger value="express" className={tabTriggerClass}>
        <Trans>Express information</Trans>
      </Tabs.Trigger>
    </Tabs.List>
  );
}

/** The draft of the form from an address (edit) or empty (add). */
function draftOf(address?: Address): AddressDraft {
  if (!address)
    return {
      express: null,
      expressType: null,
      payType: null,
      taxType: null,
      isOrigianl: 0,
      insuranceService: 0,
      dtpService: 0,
      emailMessage: 0,
      isDefault: 0,
    };
  const { id: _id, expressName: _e, expressTypeName: _et, expressUrl: _u, countryName: _c, ...fields } = address;
  const { payTypeName: _p, taxTypeName: _tt, ...rest } = fields;
  return { ...rest, provinceName: address.provinceCode ? "" : address.provinceName };
}

function AddressForm(props: { address?: Address; onCancel: () => void; onSaved: (address: Address) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf(props.address));
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [tab, setTab] = useState<Tab>("contacts");
  const [focus, setFocus] = useState<{ field: AddressField; at: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const zh = i18n.locale === "zh";
  const nameOf = (entry: { enName: string; zhName: string }) => (zh ? entry.zhName : entry.enName);

  const countries = useQuery(countriesQuery()).data ?? [];
  const country = countries.find((c) => c.code === draft.countryCode);
  const statesQuery = useQuery({ ...addressQueries.dict(ADDRESS_DICT.state, country?.id ?? 0), enabled: !!country });
  const states = country ? (statesQuery.data ?? []) : [];
  const statesOffered = states.length > 0;
  const state = states.find((s) => s.code === draft.provinceCode);
  const citiesQuery = useQuery({ ...addressQueries.dict(ADDRESS_DICT.city, state?.id ?? 0), enabled: !!state });
  const cities = state ? (citiesQuery.data ?? []) : [];
  const express = useQuery(addressQueries.express()).data ?? [];
  const expressTypes = useQuery(addressQueries.dict(ADDRESS_DICT.expressType, 0)).data ?? [];
  const payments = useQuery(addressQueries.dict(ADDRESS_DICT.payment, 0)).data ?? [];
  const carriers = express.filter(
    (e) => !draft.countryCode || e.countryCodes.includes("*") || e.countryCodes.includes(draft.countryCode),
  );

  // ADDR-022: after a refused Save, the first refused field is on screen and focused (its tab is open:
  // the tab's content mounts with this render, the control is looked for on the next frame).
  useEffect(() => {
    if (!focus) return;
    const frame = requestAnimationFrame(() => {
      const marked = document.querySelector<HTMLElement>(`[data-field="address.${focus.field}"]`);
      const control = marked?.matches("input, textarea, button")
        ? marked
        : marked?.querySelector<HTMLElement>("input, textarea, button");
      if (!control) return;
      control.scrollIntoView({ block: "center" });
      control.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focus]);

  const set = <K extends keyof AddressDraft>(
    key: K,
    value: AddressDraft[K],
    clears: AddressField = key as AddressField,
  ) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [clears]: undefined }));
  };

  async function save() {
    const refusals = addressRefusals(trimAddress(draft), { statesOffered });
    if (refusals.length > 0) {
      setErrors(
        Object.fromEntries(
          refusals.map((r) => [r.field === "provinceName" ? "province" : r.field, addressRefusalText(r)]),
        ),
      );
      const first = refusals[0]!;
      const field = first.field === "provinceName" ? "province" : first.field;
      setTab(ADDRESS_TAB[field]);
      setFocus({ field, at: Date.now() });
      toasts.show("error", addressRefusalText(first));
      return;
    }
    setSaving(true);
    try {
      const body: AddressInput = { ...trimAddress(draft), ...(props.address ? { id: props.address.id } : {}) };
      const { data, message } = await saveAddress(body);
      await refreshAddresses(queryClient);
      toasts.show("success", message);
      props.onSaved(data);
    } catch (error) {
      toasts.show("error", isApiError(error) ? error.message : t`The address could not be saved`);
    } finally {
      setSaving(false);
    }
  }

  const text = (
    field: Exclude<AddressField, "express" | "expressType" | "payType" | "taxType" | "countryCode" | "province">,
    label: ReactNode,
    required = false,
    multiline = false,
  ) => (
    <Field id={`address-${field}`} name={`address.${field}`} label={label} required={required} error={errors[field]}>
      {(control, invalid) =>
        multiline ? (
          <textarea
            {...control}
            rows={3}
            value={(draft[field as keyof AddressDraft] as string | undefined) ?? ""}
            onChange={(e) => set(field as keyof AddressDraft, e.target.value as never, field)}
            className={controlVariants({ invalid })}
          />
        ) : (
          <input
            {...control}
            type={field === "email" ? "email" : field === "phone" ? "tel" : "text"}
            value={(draft[field as keyof AddressDraft] as string | undefined) ?? ""}
            onChange={(e) => set(field as keyof AddressDraft, e.target.value as never, field)}
            className={controlVariants({ invalid })}
          />
        )
      }
    </Field>
  );
  const choice = (
    field: "express" | "expressType" | "payType" | "taxType",
    label: ReactNode,
    options: Array<{ id: number; label: string }>,
  ) => (
    <Field id={`address-${field}`} name={`address.${field}`} label={label} required error={errors[field]}>
      {(control) => (
        <div data-field={control["data-field"]}>
          <Select
            id={control.id}
            aria-invalid={control["aria-invalid"]}
            aria-describedby={control["aria-describedby"]}
            value={draft[field] ? String(draft[field]) : undefined}
            onValueChange={(v) => set(field, Number(v))}
            placeholder={t`Please choose`}
            options={options.map((o) => ({ value: String(o.id), label: o.label }))}
          />
        </div>
      )}
    </Field>
  );
  const flag = (field: Flag, label: ReactNode) => (
    <Checkbox
      id={`address-${field}`}
      checked={draft[field] === 1}
      onCheckedChange={(checked) => setDraft((d) => ({ ...d, [field]: checked ? 1 : 0 }))}
      label={label}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v === "express" ? "express" : "contacts")}>
        <TabList />
        <Tabs.Content value="contacts" className="grid grid-cols-2 gap-x-8 gap-y-5">
          {text("contact", <Trans>Contact</Trans>, true)}
          {text("company", <Trans>Company</Trans>)}
          {text("phone", <Trans>Phone</Trans>, true)}
          {text("email", <Trans>E-mail</Trans>)}
          <Field
            id="address-countryCode"
            name="address.countryCode"
            label={<Trans>Country</Trans>}
            required
            error={errors.countryCode}
          >
            {(control) => (
              <div data-field={control["data-field"]}>
                <Select
                  id={control.id}
                  aria-invalid={control["aria-invalid"]}
                  aria-describedby={control["aria-describedby"]}
                  value={draft.countryCode || undefined}
                  onValueChange={(code) => {
                    setDraft((d) => ({
                      ...d,
                      countryCode: code,
                      provinceCode: "",
                      provinceName: "",
                      city: "",
                      express: express.some(
                        (e) => e.id === d.express && (e.countryCodes.includes("*") || e.countryCodes.includes(code)),
                      )
                        ? d.express
                        : null,
                    }));
                    setErrors((e) => ({ ...e, countryCode: undefined }));
                  }}
                  placeholder={t`Please choose`}
                  options={countries.map((c) => ({ value: c.code, label: nameOf(c) }))}
                />
              </div>
            )}
          </Field>
          {/* ADDR-021: the dictionary's states, or a typed state when the country has none */}
          {statesOffered ? (
            <Field
              id="address-province"
              name="address.province"
              label={<Trans>State</Trans>}
              required
              error={errors.province}
            >
              {(control) => (
                <div data-field={control["data-field"]}>
                  <Select
                    id={control.id}
                    aria-invalid={control["aria-invalid"]}
                    aria-describedby={control["aria-describedby"]}
                    value={draft.provinceCode || undefined}
                    onValueChange={(code) => {
                      setDraft((d) => ({ ...d, provinceCode: code, city: "" }));
                      setErrors((e) => ({ ...e, province: undefined }));
                    }}
                    placeholder={t`Please choose`}
                    options={states.map((s) => ({ value: s.code, label: nameOf(s) }))}
                  />
                </div>
              )}
            </Field>
          ) : (
            <Field
              id="address-province"
              name="address.province"
              label={<Trans>State</Trans>}
              required
              error={errors.province}
            >
              {(control, invalid) => (
                <input
                  {...control}
                  value={draft.provinceName ?? ""}
                  onChange={(e) => set("provinceName", e.target.value, "province")}
                  className={controlVariants({ invalid })}
                />
              )}
            </Field>
          )}
          {cities.length > 0 ? (
            <Field id="address-city" name="address.city" label={<Trans>City</Trans>} required error={errors.city}>
              {(control) => (
                <div data-field={control["data-field"]}>
                  <Select
                    id={control.id}
                    aria-invalid={control["aria-invalid"]}
                    aria-describedby={control["aria-describedby"]}
                    value={cities.find((c) => c.enName === draft.city || c.zhName === draft.city)?.enName}
                    onValueChange={(name) => set("city", name)}
                    placeholder={t`Please choose`}
                    options={cities.map((c) => ({ value: c.enName, label: nameOf(c) }))}
                  />
                </div>
              )}
            </Field>
          ) : (
            text("city", <Trans>City</Trans>, true)
          )}
          {text("address", <Trans>Address 1</Trans>, true)}
          {text("zipcode", <Trans>Zip code</Trans>, true)}
        </Tabs.Content>
        <Tabs.Content value="express" className="grid grid-cols-2 gap-x-8 gap-y-5">
          {choice(
            "express",
            <Trans>Express company</Trans>,
            carriers.map((e) => ({ id: e.id, label: e.name })),
          )}
          {choice(
            "expressType",
            <Trans>Express type</Trans>,
            expressTypes.map((e) => ({ id: e.id, label: nameOf(e) })),
          )}
          {choice(
            "payType",
            <Trans>Payment method</Trans>,
            payments.map((e) => ({ id: e.id, label: nameOf(e) })),
          )}
          {text("payAccount", <Trans>Payment account</Trans>)}
          {text("payZipcode", <Trans>Payment account zip code</Trans>)}
          {choice(
            "taxType",
            <Trans>Tariff payment method</Trans>,
            payments.map((e) => ({ id: e.id, label: nameOf(e) })),
          )}
          {text("taxAccount", <Trans>Tariff account</Trans>)}
          {text("taxZipcode", <Trans>Tariff account zip code</Trans>)}
          <fieldset className="col-span-2 flex flex-wrap gap-6">
            <legend className="mb-2 text-sm font-medium text-slate-800">
              <Trans>Services</Trans>
            </legend>
            {flag("isOrigianl", <Trans>Original packaging</Trans>)}
            {flag("insuranceService", <Trans>Insurance</Trans>)}
            {flag("dtpService", <Trans>Duties and taxes paid (DTP)</Trans>)}
            {flag("emailMessage", <Trans>E-mail notification</Trans>)}
            {!props.address && flag("isDefault", <Trans>Set as default address</Trans>)}
          </fieldset>
          <div className="col-span-2">{text("remark", <Trans>Remarks</Trans>, false, true)}</div>
        </Tabs.Content>
      </Tabs.Root>
      <div className="mt-8 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={props.onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={saving}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}

/** ADDR-003: the address read-only, with an Edit button. */
function AddressDetail(props: { address: Address; onEdit: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>("contacts");
  const a = props.address;
  const yesNo = (value: number) => (value === 1 ? t`Yes` : t`No`);
  const rows = (entries: Array<[ReactNode, string]>) => (
    <dl className="grid grid-cols-[14rem_1fr] gap-x-6 gap-y-3 text-sm">
      {entries.map(([label, value], i) => (
        <div key={i} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="whitespace-pre-wrap break-words text-slate-900">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <div>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v === "express" ? "express" : "contacts")}>
        <TabList />
        <Tabs.Content value="contacts">
          {rows([
            [<Trans key="l">Contact</Trans>, a.contact],
            [<Trans key="l">Company</Trans>, a.company],
            [<Trans key="l">Phone</Trans>, a.phone],
            [<Trans key="l">E-mail</Trans>, a.email],
            [<Trans key="l">Country</Trans>, a.countryName],
            [<Trans key="l">State</Trans>, a.provinceName],
            [<Trans key="l">City</Trans>, a.city],
            [<Trans key="l">Address 1</Trans>, a.address],
            [<Trans key="l">Zip code</Trans>, a.zipcode],
          ])}
        </Tabs.Content>
        <Tabs.Content value="express">
          {rows([
            [<Trans key="l">Express company</Trans>, a.expressName],
            [<Trans key="l">Express type</Trans>, a.expressTypeName],
            [<Trans key="l">Payment method</Trans>, a.payTypeName],
            [<Trans key="l">Payment account</Trans>, a.payAccount],
            [<Trans key="l">Payment account zip code</Trans>, a.payZipcode],
            [<Trans key="l">Tariff payment method</Trans>, a.taxTypeName],
            [<Trans key="l">Tariff account</Trans>, a.taxAccount],
            [<Trans key="l">Tariff account zip code</Trans>, a.taxZipcode],
            [<Trans key="l">Original packaging</Trans>, yesNo(a.isOrigianl)],
            [<Trans key="l">Insurance</Trans>, yesNo(a.insuranceService)],
            [<Trans key="l">Duties and taxes paid (DTP)</Trans>, yesNo(a.dtpService)],
            [<Trans key="l">E-mail notification</Trans>, yesNo(a.emailMessage)],
            [<Trans key="l">Default address</Trans>, yesNo(a.isDefault)],
            [<Trans key="l">Remarks</Trans>, a.remark],
          ])}
        </Tabs.Content>
      </Tabs.Root>
      <div className="mt-8 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={props.onClose}>
          <Trans>Close</Trans>
        </Button>
        <Button type="button" onClick={props.onEdit}>
          <Trans>Edit</Trans>
        </Button>
      </div>
    </div>
  );
}
