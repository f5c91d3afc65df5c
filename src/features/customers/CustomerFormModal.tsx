import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Tabs } from "radix-ui";
import { Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../openapi/portal.d.ts";
import {
  customerRefusals,
  editCustomer,
  emptyBasic,
  GENDER,
  joinBirthday,
  type BasicInfoForm,
  type CustomerEdit,
  type CustomerField,
  type CustomerRefusal,
  convertLength,
  HEIGHT_UNIT,
  lengthFromCm,
  lengthUnitName,
  WEIGHT_UNIT,
  plausibilityWarnings,
} from "./rules.ts";
import { PlausibilityNotes } from "./PlausibilityNotes.tsx";
import { unwrapWithMessage } from "../../api/envelope.ts";
import { api } from "../../api/client.ts";
import { isApiError } from "../../api/errors.ts";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { controlVariants, Field } from "../../ui/Field.tsx";
import { RadioGroup } from "../../ui/RadioGroup.tsx";
import { Select } from "../../ui/Select.tsx";
import { toasts } from "../../ui/toast.ts";
import { customerQueries } from "./queries.ts";
import { useCustomerRefusalText } from "./refusals.ts";

type Detail = components["schemas"]["CustomerDetail"];
export type CustomerTab = "basic" | "style" | "body" | "tailor";

/** Sizes typed per part (text as typed, in the form's height unit). */
type Sizes = Record<number, string>;
interface FormState {
  basic: BasicInfoForm;
  remark: string;
  styleIds: number[];
  posture: number[];
  bodyCategory: number;
  body: Sizes;
  tailorCategory: number;
  /** Finished sizes per garment (clothId). */
  tailor: Record<number, Sizes>;
}

const DEFAULT_CATEGORY = 3000;

function initialState(detail: Detail | undefined): FormState {
  if (!detail)
    return {
      basic: emptyBasic(),
      remark: "",
      styleIds: [],
      posture: [],
      bodyCategory: DEFAULT_CATEGORY,
      body: {},
      tailorCategory: DEFAULT_CATEGORY,
      tailor: {},
    };
  const [year = "", month = "", date = ""] = detail.birthdate ? detail.birthdate.split("-") : [];
  return {
    basic: {
      ...emptyBasic(),
      customerId: detail.id,
      customerName: detail.custName,
      shortName: detail.shortName,
      genderId: detail.genderId,
      height: String(detail.height),
      heightUnit: detail.heightUnit,
      weight: String(detail.weight),
      weightUnit: detail.weightUnit,
      phone: detail.phone,
      email: detail.email,
      address: detail.address,
      birthday: { year, month: month.replace(/^0/, ""), date: date.replace(/^0/, "") },
    },
    remark: detail.remark,
    styleIds: detail.styleList.map((s) => s.id),
    posture: detail.customerSpecialList.map((s) => s.specId),
    bodyCategory: detail.customerSizeList[0]?.categoryId ?? DEFAULT_CATEGORY,
    body: Object.fromEntries(detail.customerSizeList.map((s) => [s.partId, String(s.partSize)])),
    tailorCategory: detail.cySizeList[0]?.clothId ?? DEFAULT_CATEGORY,
    tailor: Object.fromEntries(
      detail.cySizeList.map((c) => [
        c.clothId,
        Object.fromEntries(c.partList.map((p) => [p.partId, String(p.partSize)])),
      ]),
    ),
  };
}

/** The birthday as the record sends it: joined year-month-day, empty when untouched, as typed when not a date. */
function birthdateOf(basic: BasicInfoForm): string {
  const { month, date, year } = basic.birthday;
  if (!month && !date && !year) return "";
  return joinBirthday(month, date, year) || `${year}-${month}-${date}`;
}

/** CUST-048: a height-unit switch converts every typed measurement with the height. */
function convertSizes(sizes: Sizes, from: number, to: number): Sizes {
  return Object.fromEntries(
    Object.entries(sizes).map(([id, value]) => [
      id,
      value.trim() === "" || Number.isNaN(Number(value)) ? value : String(convertLength(Number(value), from, to)),
    ]),
  );
}

const FIELD_TAB: Record<CustomerField, CustomerTab> = {
  custName: "basic",
  shortName: "basic",
  genderId: "basic",
  height: "basic",
  weight: "basic",
  email: "basic",
  birthdate: "basic",
};
const CONTROL_ID: Record<CustomerField, string> = {
  custName: "cust-name",
  shortName: "cust-nickname",
  genderId: "cust-gender",
  height: "cust-height",
  weight: "cust-weight",
  email: "cust-email",
  birthdate: "cust-birth-month",
};

/**
 * CUST-007, CUST-016, CUST-029: the four-tab customer modal (basic, style, body, tailor) for a new
 * customer or an edit; the required fields and ranges are the shared rule (D-06), each refused field
 * with its own message (CUST-030); units convert as in order entry (CUST-048).
 */
export function CustomerFormModal(props: {
  open: boolean;
  onClose: () => void;
  detail?: Detail;
  initialTab?: CustomerTab;
  onSaved?: (id: number) => void;
}) {
  const { t } = useLingui();
  const [form, setForm] = useState<FormState>(() => initialState(props.detail));
  const [tab, setTab] = useState<CustomerTab>(props.initialTab ?? "basic");
  const [faults, setFaults] = useState<CustomerRefusal[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const refusalText = useCustomerRefusalText();
  const queryClient = useQueryClient();
  const genders = [
    { value: String(GENDER.male), label: t`Male` },
    { value: String(GENDER.female), label: t`Female` },
  ];
  const categories = useQuery(customerQueries.categories());
  const styles = useQuery(customerQueries.dressStyles());
  const postures = useQuery(customerQueries.postures(form.bodyCategory));
  const bodyParts = useQuery(customerQueries.parts(form.bodyCategory, 10052));
  const tailorParts = useQuery(customerQueries.parts(form.tailorCategory, 10053));
  const unit = form.basic.heightUnit;
  const unitName = lengthUnitName(unit);

  const save = useMutation({
    mutationFn: async (state: FormState) => {
      const sizes = (values: Sizes) =>
        Object.entries(values)
          .filter(([, v]) => v.trim() !== "")
          .map(([partId, v]) => ({ partId: Number(partId), partSize: Number(v) }));
      return unwrapWithMessage(
        await api.POST("/pc/customer", {
          body: {
            ...(state.basic.customerId ? { id: state.basic.customerId } : {}),
            custName: state.basic.customerName,
            shortName: state.basic.shortName,
            genderId: state.basic.genderId as 10040 | 10041 | null,
            height: state.basic.height,
            heightUnit: state.basic.heightUnit as 10266 | 10265,
            weight: state.basic.weight,
            weightUnit: state.basic.weightUnit as 10261 | 10262,
            phone: state.basic.phone,
            email: state.basic.email,
            address: state.basic.address,
            birthdate: birthdateOf(state.basic),
            remark: state.remark,
            styleIds: state.styleIds,
            customerSpecialList: state.posture.map((specId) => ({ specId })),
            customerSizeList: sizes(state.body),
            cySizeList: Object.entries(state.tailor)
              .map(([clothId, values]) => ({ clothId: Number(clothId), partList: sizes(values) }))
              .filter((c) => c.partList.length > 0),
          },
        }),
      );
    },
    onSuccess: async ({ data, message }) => {
      toasts.show("success", message);
      await queryClient.invalidateQueries({ queryKey: ["customers"] });
      props.onSaved?.(data.id);
      props.onClose();
    },
    onError: (error) => {
      const text = isApiError(error) && error.message ? error.message : t`The customer could not be saved.`;
      setServerError(text);
      toasts.show("error", text);
    },
  });

  const edit = (event: CustomerEdit) => {
    setFaults([]);
    setServerError(null);
    setForm((current) => {
      const basic = editCustomer(current.basic, event);
      if (event.type !== "user.setHeightUnit" || current.basic.heightUnit === event.unit) return { ...current, basic };
      const from = current.basic.heightUnit;
      return {
        ...current,
        basic,
        body: convertSizes(current.body, from, event.unit),
        tailor: Object.fromEntries(
          Object.entries(current.tailor).map(([id, sizes]) => [id, convertSizes(sizes, from, event.unit)]),
        ),
      };
    });
  };
  const faultOf = (field: CustomerField) => {
    const fault = faults.find((f) => f.field === field);
    return fault ? refusalText(fault, birthdateOf(form.basic)) : null;
  };

  const submit = () => {
    const found = customerRefusals({
      custName: form.basic.customerName,
      shortName: form.basic.shortName,
      genderId: form.basic.genderId,
      height: form.basic.height,
      heightUnit: form.basic.heightUnit,
      weight: form.basic.weight,
      weightUnit: form.basic.weightUnit,
      email: form.basic.email,
      birthdate: birthdateOf(form.basic),
    });
    setFaults(found);
    if (found[0]) {
      const first = found[0];
      setTab(FIELD_TAB[first.field]);
      toasts.show("error", refusalText(first, birthdateOf(form.basic)));
      requestAnimationFrame(() => document.getElementById(CONTROL_ID[first.field])?.focus());
      return;
    }
    save.mutate(form);
  };

  const text = (
    field: "customerName" | "shortName" | "height" | "weight" | "phone" | "email" | "address",
    id: string,
    label: string,
    opts: { required?: boolean; fault?: CustomerField; hint?: string; decimal?: boolean } = {},
  ) => (
    <Field
      id={id}
      label={label}
      required={opts.required}
      hint={opts.hint}
      error={opts.fault ? faultOf(opts.fault) : null}
    >
      {(control, invalid) => (
        <input
          {...control}
          inputMode={opts.decimal ? "decimal" : undefined}
          className={controlVariants({ invalid })}
          value={form.basic[field]}
          onChange={(e) => edit({ type: "user.edit", field, value: e.target.value })}
        />
      )}
    </Field>
  );

  const sizeInputs = (
    parts: components["schemas"]["MeasurePart"][] | undefined,
    values: Sizes,
    onChange: (partId: number, value: string) => void,
    prefix: string,
  ) => (
    <div className="grid grid-cols-4 gap-3">
      {(parts ?? []).map((part) => {
        const [min, max] = [lengthFromCm(part.minValue, unit), lengthFromCm(part.maxValue, unit)];
        const value = values[part.id] ?? "";
        const number = Number(value);
        const out = value.trim() !== "" && (Number.isNaN(number) || number < min || number > max);
        return (
          <Field
            key={part.id}
            id={`${prefix}-${part.id}`}
            label={part.name}
            hint={`${min}–${max} ${unitName}`}
            outOfRange={out}
          >
            {(control, invalid) => (
              <input
                {...control}
                inputMode="decimal"
                className={controlVariants({ invalid })}
                value={value}
                onChange={(e) => onChange(part.id, e.target.value)}
              />
            )}
          </Field>
        );
      })}
      {parts && parts.length === 0 ? (
        <p className="col-span-4 text-sm text-slate-700">
          <Trans>This garment has no measurements of this kind.</Trans>
        </p>
      ) : null}
    </div>
  );

  const categorySelect = (id: string, label: string, value: number, onChange: (v: number) => void) => (
    <Field id={id} label={label} className="mb-4 w-64">
      {(control) => (
        <Select
          id={control.id}
          value={String(value)}
          onValueChange={(v) => onChange(Number(v))}
          options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
      )}
    </Field>
  );

  const tabClass =
    "rounded-t px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:border-b-2 data-[state=active]:border-brand data-[state=active]:text-brand";
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      width={900}
      title={props.detail ? t`Edit customer` : t`Add customer`}
      testId="customer-form"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={submit} pending={save.isPending} data-testid="customer-save">
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      {serverError ? (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverError}
        </p>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as CustomerTab)}>
        <Tabs.List aria-label={t`Customer`} className="mb-4 flex gap-2 border-b border-slate-200">
          <Tabs.Trigger value="basic" className={tabClass}>
            <Trans>Basic</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="style" className={tabClass}>
            <Trans>Style</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="body" className={tabClass}>
            <Trans>Body</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="tailor" className={tabClass}>
            <Trans>Tailor</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="basic" className="grid grid-cols-2 gap-4">
          {text("customerName", "cust-name", t`Name`, { required: true, fault: "custName" })}
          {text("shortName", "cust-nickname", t`Nickname`, { required: true, fault: "shortName" })}
          <Field id="cust-gender" label={t`Gender`} required group error={faultOf("genderId")}>
            {(control) => (
              <RadioGroup
                {...control}
                value={form.basic.genderId === null ? undefined : String(form.basic.genderId)}
                onValueChange={(v) => edit({ type: "user.setGender", genderId: Number(v) })}
                options={genders}
              />
            )}
          </Field>
          <div />
          <div className="flex items-end gap-2">
            {text("height", "cust-height", t`Height`, { required: true, fault: "height", decimal: true })}
            <Select
              aria-label={t`Height unit`}
              value={String(form.basic.heightUnit)}
              onValueChange={(v) => edit({ type: "user.setHeightUnit", unit: Number(v) })}
              options={[
                { value: String(HEIGHT_UNIT.cm), label: "cm" },
                { value: String(HEIGHT_UNIT.inch), label: "inch" },
              ]}
              className="w-28"
            />
          </div>
          <div className="flex items-end gap-2">
            {text("weight", "cust-weight", t`Weight`, { required: true, fault: "weight", decimal: true })}
            <Select
              aria-label={t`Weight unit`}
              value={String(form.basic.weightUnit)}
              onValueChange={(v) => edit({ type: "user.setWeightUnit", unit: Number(v) })}
              options={[
                { value: String(WEIGHT_UNIT.kg), label: "kg" },
                { value: String(WEIGHT_UNIT.lb), label: "lb" },
              ]}
              className="w-28"
            />
          </div>
          {text("phone", "cust-phone", t`Phone`)}
          {text("email", "cust-email", t`E-mail`, { fault: "email" })}
          <div className="col-span-2">{text("address", "cust-address", t`Address`)}</div>
          <fieldset className="col-span-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">
              <Trans>Birthday (month / date / year)</Trans>
            </legend>
            <div className="flex gap-2">
              {(
                [
                  ["month", "cust-birth-month", t`Month`],
                  ["date", "cust-birth-date", t`Date`],
                  ["year", "cust-birth-year", t`Year`],
                ] as const
              ).map(([part, id, label]) => (
                <input
                  key={part}
                  id={id}
                  aria-label={label}
                  placeholder={label}
                  inputMode="numeric"
                  aria-invalid={faultOf("birthdate") ? true : undefined}
                  aria-describedby={faultOf("birthdate") ? "cust-birth-error" : undefined}
                  className={controlVariants({ invalid: Boolean(faultOf("birthdate")), width: "auto" })}
                  value={form.basic.birthday[part]}
                  onChange={(e) => edit({ type: "user.setBirthday", part, value: e.target.value })}
                />
              ))}
            </div>
            {faultOf("birthdate") ? (
              <p id="cust-birth-error" className="mt-1 text-xs text-red-700">
                {faultOf("birthdate")}
              </p>
            ) : null}
          </fieldset>
          <div className="col-span-2">
            <Field id="cust-remark" label={t`Remark`}>
              {(control) => (
                <textarea
                  {...control}
                  className={controlVariants()}
                  value={form.remark}
                  onChange={(e) => setForm((c) => ({ ...c, remark: e.target.value }))}
                />
              )}
            </Field>
          </div>
        </Tabs.Content>
        <Tabs.Content value="style" className="space-y-5">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              <Trans>Dress style</Trans>
            </legend>
            <div className="flex flex-wrap gap-4">
              {(styles.data ?? []).map((s) => (
                <Checkbox
                  key={s.id}
                  id={`cust-style-${s.id}`}
                  label={s.name}
                  checked={form.styleIds.includes(s.id)}
                  onCheckedChange={(on) =>
                    setForm((c) => ({
                      ...c,
                      styleIds: on ? [...c.styleIds, s.id] : c.styleIds.filter((id) => id !== s.id),
                    }))
                  }
                />
              ))}
            </div>
          </fieldset>
          {categorySelect("cust-posture-category", t`Garment`, form.bodyCategory, (v) =>
            setForm((c) => ({ ...c, bodyCategory: v })),
          )}
          <div className="grid grid-cols-3 gap-4">
            {(postures.data ?? []).map((spec) => (
              <Field key={spec.id} id={`cust-posture-${spec.id}`} label={spec.name} group>
                {(control) => (
                  <RadioGroup
                    {...control}
                    value={String(spec.details.find((d) => form.posture.includes(d.id))?.id ?? "")}
                    onValueChange={(v) =>
                      setForm((c) => ({
                        ...c,
                        posture: [...c.posture.filter((id) => !spec.details.some((d) => d.id === id)), Number(v)],
                      }))
                    }
                    options={spec.details.map((d) => ({ value: String(d.id), label: d.name }))}
                  />
                )}
              </Field>
            ))}
          </div>
        </Tabs.Content>
        <Tabs.Content value="body">
          {categorySelect("cust-body-category", t`Garment`, form.bodyCategory, (v) =>
            setForm((c) => ({ ...c, bodyCategory: v })),
          )}
          {/* issue 24: implausible figures are named and explained, never refused */}
          <PlausibilityNotes
            warnings={plausibilityWarnings({
              genderId: form.basic.genderId,
              height: form.basic.height,
              heightUnit: form.basic.heightUnit,
              weight: form.basic.weight,
              weightUnit: form.basic.weightUnit,
              parts: (bodyParts.data ?? []).map((p) => ({
                id: p.id,
                code: p.code,
                name: p.name,
                value: form.body[p.id] ?? null,
              })),
            })}
          />
          {sizeInputs(
            bodyParts.data,
            form.body,
            (id, v) => setForm((c) => ({ ...c, body: { ...c.body, [id]: v } })),
            "cust-body",
          )}
        </Tabs.Content>
        <Tabs.Content value="tailor">
          {categorySelect("cust-tailor-category", t`Garment`, form.tailorCategory, (v) =>
            setForm((c) => ({ ...c, tailorCategory: v })),
          )}
          {sizeInputs(
            tailorParts.data,
            form.tailor[form.tailorCategory] ?? {},
            (id, v) =>
              setForm((c) => ({
                ...c,
                tailor: { ...c.tailor, [c.tailorCategory]: { ...(c.tailor[c.tailorCategory] ?? {}), [id]: v } },
              })),
            "cust-tailor",
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}
