import { useEffect, useState } from "react";
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
} from "./rules.ts";
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
type Labelled = Exclude<AddressField, "provinceName"> | Flag;

/** The one table of the address's field labels: the form and the read-only details both name fields by it. */
function useAddressLabels(): Record<Labelled, string> {
  const { t } = useLingui();
  return {
    contact: t`Contact`,
    company: t`Company`,
    phone: t`Phone`,
    email: t`E-mail`,
    countryCode: t`Country`,
    province: t`State`,
    city: t`City`,
    address: t`Address 1`,
    zipcode: t`Zip code`,
    express: t`Express company`,
    expressType: t`Express type`,
    payType: t`Payment method`,
    payAccount: t`Payment account`,
    payZipcode: t`Payment account zip code`,
    taxType: t`Tariff payment method`,
    taxAccount: t`Tariff account`,
    taxZipcode: t`Tariff account zip code`,
    isOrigianl: t`Original packaging`,
    insuranceService: t`Insurance`,
    dtpService: t`Duties and taxes paid (DTP)`,
    emailMessage: t`E-mail notification`,
    isDefault: t`Default address`,
    remark: t`Remarks`,
  };
}

/** A field whose value is chosen from a list (a dictionary): the Field frame around the Select. */
function SelectField(props: {
  field: AddressField;
  label: string;
  error: string | undefined;
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  const { t } = useLingui();
  return (
    <Field
      id={`address-${props.field}`}
      name={`address.${props.field}`}
      label={props.label}
      required
      error={props.error}
    >
      {(control) => (
        <div data-field={control["data-field"]}>
          <Select
            id={control.id}
            aria-invalid={control["aria-invalid"]}
            aria-describedby={control["aria-describedby"]}
            value={props.value}
            onValueChange={props.onValueChange}
            placeholder={t`Please choose`}
            options={props.options}
          />
        </div>
      )}
    </Field>
  );
}

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
  const labels = useAddressLabels();
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
    required = false,
    multiline = false,
  ) => (
    <Field
      id={`address-${field}`}
      name={`address.${field}`}
      label={field === "provinceName" ? labels.province : labels[field]}
      required={required}
      error={errors[field]}
    >
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
    options: Array<{ id: number; label: string }>,
  ) => (
    <SelectField
      field={field}
      label={labels[field]}
      error={errors[field]}
      value={draft[field] ? String(draft[field]) : undefined}
      onValueChange={(v) => set(field, Number(v))}
      options={options.map((o) => ({ value: String(o.id), label: o.label }))}
    />
  );
  const flag = (field: Flag) => (
    <Checkbox
      id={`address-${field}`}
      checked={draft[field] === 1}
      onCheckedChange={(checked) => setDraft((d) => ({ ...d, [field]: checked ? 1 : 0 }))}
      label={field === "isDefault" ? t`Set as default address` : labels[field]}
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
          {text("contact", true)}
          {text("company")}
          {text("phone", true)}
          {text("email")}
          <SelectField
            field="countryCode"
            label={labels.countryCode}
            error={errors.countryCode}
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
            options={countries.map((c) => ({ value: c.code, label: nameOf(c) }))}
          />
          {/* ADDR-021: the dictionary's states, or a typed state when the country has none */}
          {statesOffered ? (
            <SelectField
              field="province"
              label={labels.province}
              error={errors.province}
              value={draft.provinceCode || undefined}
              onValueChange={(code) => {
                setDraft((d) => ({ ...d, provinceCode: code, city: "" }));
                setErrors((e) => ({ ...e, province: undefined }));
              }}
              options={states.map((st) => ({ value: st.code, label: nameOf(st) }))}
            />
          ) : (
            <Field
              id="address-province"
              name="address.province"
              label={labels.province}
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
            <SelectField
              field="city"
              label={labels.city}
              error={errors.city}
              value={cities.find((c) => c.enName === draft.city || c.zhName === draft.city)?.enName}
              onValueChange={(name) => set("city", name)}
              options={cities.map((c) => ({ value: c.enName, label: nameOf(c) }))}
            />
          ) : (
            text("city", true)
          )}
          {text("address", true)}
          {text("zipcode", true)}
        </Tabs.Content>
        <Tabs.Content value="express" className="grid grid-cols-2 gap-x-8 gap-y-5">
          {choice(
            "express",
            carriers.map((e) => ({ id: e.id, label: e.name })),
          )}
          {choice(
            "expressType",
            expressTypes.map((e) => ({ id: e.id, label: nameOf(e) })),
          )}
          {choice(
            "payType",
            payments.map((e) => ({ id: e.id, label: nameOf(e) })),
          )}
          {text("payAccount")}
          {text("payZipcode")}
          {choice(
            "taxType",
            payments.map((e) => ({ id: e.id, label: nameOf(e) })),
          )}
          {text("taxAccount")}
          {text("taxZipcode")}
          <fieldset className="col-span-2 flex flex-wrap gap-6">
            <legend className="mb-2 text-sm font-medium text-slate-800">
              <Trans>Services</Trans>
            </legend>
            {flag("isOrigianl")}
            {flag("insuranceService")}
            {flag("dtpService")}
            {flag("emailMessage")}
            {!props.address && flag("isDefault")}
          </fieldset>
          <div className="col-span-2">{text("remark", false, true)}</div>
        </Tabs.Content>
      </Tabs.Root>
      <div className="mt-8 flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={props.onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" pending={saving}>
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
  const labels = useAddressLabels();
  // the fields of each tab in the form's order, each named by the labels' table
  const rows = (entries: Array<[Labelled, string]>) => (
    <dl className="grid grid-cols-[14rem_1fr] gap-x-6 gap-y-3 text-sm">
      {entries.map(([field, value]) => (
        <div key={field} className="contents">
          <dt className="font-medium text-slate-700">{labels[field]}</dt>
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
            ["contact", a.contact],
            ["company", a.company],
            ["phone", a.phone],
            ["email", a.email],
            ["countryCode", a.countryName],
            ["province", a.provinceName],
            ["city", a.city],
            ["address", a.address],
            ["zipcode", a.zipcode],
          ])}
        </Tabs.Content>
        <Tabs.Content value="express">
          {rows([
            ["express", a.expressName],
            ["expressType", a.expressTypeName],
            ["payType", a.payTypeName],
            ["payAccount", a.payAccount],
            ["payZipcode", a.payZipcode],
            ["taxType", a.taxTypeName],
            ["taxAccount", a.taxAccount],
            ["taxZipcode", a.taxZipcode],
            ["isOrigianl", yesNo(a.isOrigianl)],
            ["insuranceService", yesNo(a.insuranceService)],
            ["dtpService", yesNo(a.dtpService)],
            ["emailMessage", yesNo(a.emailMessage)],
            ["isDefault", yesNo(a.isDefault)],
            ["remark", a.remark],
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
