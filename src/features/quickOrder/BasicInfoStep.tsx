import { useDeferredValue, useState } from "react";
import { useSelector } from "@xstate/react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderEntryRef } from "./orderEntryRef.ts";
import { orderQueries } from "./queries.ts";
import { shellQueries } from "../shell/index.ts";
import { Img } from "../../ui/Img.tsx";
import { Money } from "../../ui/Money.tsx";
import { FabricPreview } from "./FabricPreview.tsx";
import type { components } from "../../../openapi/portal";
import { AccessorySelectors } from "./AccessorySelectors.tsx";
import {
  GENDER,
  HEIGHT_UNIT,
  WEIGHT_UNIT,
  selectFabricPicked,
  selectFabricSearch,
  stockBadgeTone,
  selectCustomer,
  selectFabric,
  isCheckingStock,
  selectCategoryId,
  sameWarnings,
  selectPlausibility,
} from "../../../machines/orderEntry/selectors.ts";
import { PlausibilityNotes } from "../customers/index.ts";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { Combobox } from "../../ui/Combobox.tsx";
import { CUSTOMER_FIELD_LABEL } from "./fieldLabels.ts";
import { birthdayParts } from "./birthday.ts";
import { useFieldError } from "./refusalFeedback.ts";

/** QO-203: the fabric input's blur delay. */
export const FABRIC_BLUR_DELAY_MS = 500;

type FabricFound = components["schemas"]["Fabric"];

const field = "w-full rounded border border-slate-400 px-3 py-2 text-sm";
const label = "mb-1 block text-sm font-medium text-slate-800";

/** QO-011..022: customer, body, quantity, optional fields and the fabric (the quick order's step 1). */
export function BasicInfoStep({ order }: { order: OrderEntryRef }) {
  return (
    <div className="space-y-6">
      <CustomerFields order={order} />
      <FabricField order={order} />
      <AccessorySelectors order={order} />
    </div>
  );
}

/**
 * QO-011..020: customer with autocomplete, body, quantity and the optional fields (the simple order's
 * step 4). `required`: the fields the flow requires (D-06: all six; the style order, SO-019..022: name,
 * height, weight unit and gender).
 */
export function CustomerFields({
  order,
  required = ["shortName", "weight"],
  weightRequired = true,
}: {
  order: OrderEntryRef;
  required?: ReadonlyArray<"shortName" | "weight">;
  /** D-06: the professional order does not require the weight. */
  weightRequired?: boolean;
}) {
  const { t, i18n } = useLingui();
  const basic = useSelector(order, selectCustomer);
  const warnings = useSelector(order, selectPlausibility, sameWarnings);
  const genders = useQuery(shellQueries.dictionary(10));
  const [customerQuery, setCustomerQuery] = useState("");
  const customers = useQuery({
    ...orderQueries.customers(useDeferredValue(customerQuery)),
    enabled: customerQuery.trim().length > 0,
  });
  const edit = (
    name: "customerName" | "shortName" | "height" | "weight" | "cusOrderCode" | "phone" | "email" | "address",
  ) => ({
    id: `qo-${name}`,
    value: basic[name],
    onChange: (e: { target: { value: string } }) =>
      order.send({ type: "user.edit", field: name, value: e.target.value }),
    className: field,
  });
  // 000 §8: the field a refusal names shows it under it (QO-130..133, D-06)
  const errors = {
    name: useFieldError(order, "customer.name"),
    nickname: useFieldError(order, "customer.shortName"),
    height: useFieldError(order, "customer.height"),
    weight: useFieldError(order, "customer.weight"),
    weightUnit: useFieldError(order, "customer.weightUnit"),
    gender: useFieldError(order, "customer.gender"),
  };

  return (
    <div className="space-y-6">
      <fieldset className="grid grid-cols-2 gap-5">
        <legend className="mb-3 text-lg font-semibold text-brand">
          <Trans>Customer</Trans>
        </legend>
        <Field
          id="qo-customerName"
          name="customer.name"
          className="relative"
          label={i18n._(CUSTOMER_FIELD_LABEL.name)}
          required
          error={errors.name}
        >
          {(control, invalid) => (
            // QO-011: the account's own customers as the name is typed; picking one fills the customer
            <Combobox
              {...control}
              className={controlVariants({ invalid })}
              inputValue={basic.customerName}
              onInputValueChange={(value) => {
                setCustomerQuery(value);
                order.send({ type: "user.edit", field: "customerName", value });
              }}
              open={customerQuery.trim() !== ""}
              items={customers.data ?? []}
              itemKey={(c) => c.id}
              isSelected={(c) => basic.customerId === c.id}
              renderItem={(c) => (
                <>
                  {c.custName} <span className="text-slate-600">({c.shortName})</span>
                </>
              )}
              onSelect={(c) => {
                order.send({ type: "user.pickCustomer", customer: c });
                setCustomerQuery("");
              }}
              listId="qo-customer-options"
              listLabel={t`Customers`}
            />
          )}
        </Field>
        <Field
          id="qo-shortName"
          name="customer.shortName"
          label={i18n._(CUSTOMER_FIELD_LABEL.nickname)}
          required={required.includes("shortName")}
          error={errors.nickname}
        >
          {(control, invalid) => <input {...edit("shortName")} {...control} className={controlVariants({ invalid })} />}
        </Field>
        <Field
          id="qo-height"
          name="customer.height"
          label={i18n._(CUSTOMER_FIELD_LABEL.height)}
          required
          error={errors.height}
        >
          {(control, invalid) => (
            <div className="flex gap-2">
              <input {...edit("height")} {...control} className={controlVariants({ invalid })} inputMode="decimal" />
              <select
                aria-label={t`Height unit`}
                className="rounded border border-slate-400 px-2"
                value={basic.heightUnit}
                onChange={(e) => order.send({ type: "user.setHeightUnit", unit: Number(e.target.value) })}
              >
                {/* issue 20: the units in the reader's language (厘米, 英寸 in Chinese) */}
                <option value={HEIGHT_UNIT.cm}>{t`cm`}</option>
                <option value={HEIGHT_UNIT.inch}>{t`inch`}</option>
              </select>
            </div>
          )}
        </Field>
        <Field
          id="qo-weight"
          name="customer.weight"
          label={<Trans>Weight</Trans>}
          required={weightRequired && required.includes("weight")}
          error={errors.weight ?? errors.weightUnit}
        >
          {(control) => (
            <div className="flex gap-2">
              <input
                {...edit("weight")}
                {...control}
                aria-invalid={errors.weight ? true : undefined}
                className={controlVariants({ invalid: Boolean(errors.weight) })}
                inputMode="decimal"
              />
              {/* QO-132: the weight unit, named by its own refusal */}
              <select
                aria-label={t`Weight unit`}
                data-field="customer.weightUnit"
                aria-invalid={errors.weightUnit ? true : undefined}
                aria-describedby={errors.weightUnit ? "qo-weight-error" : undefined}
                className={controlVariants({ invalid: Boolean(errors.weightUnit), width: "auto", className: "px-2" })}
                value={basic.weightUnit ?? ""}
                onChange={(e) => order.send({ type: "user.setWeightUnit", unit: Number(e.target.value) })}
              >
                <option value={WEIGHT_UNIT.kg}>kg</option>
                <option value={WEIGHT_UNIT.lb}>lb</option>
              </select>
            </div>
          )}
        </Field>
        {/* issue 24: the customer book's plausibility warnings: they explain, never refuse */}
        {warnings.length > 0 ? (
          <div className="col-span-full">
            <PlausibilityNotes warnings={warnings} testId="order-plausibility" />
          </div>
        ) : null}
        <Field
          id="qo-gender"
          name="customer.gender"
          label={i18n._(CUSTOMER_FIELD_LABEL.gender)}
          required
          group
          error={errors.gender}
        >
          {(control, invalid) => (
            <div
              role="radiogroup"
              {...control}
              className={`flex gap-4 rounded text-sm ${invalid ? "outline outline-2 outline-offset-4 outline-red-600" : ""}`}
            >
              {(
                genders.data ?? [
                  { id: GENDER.male, name: t`Male` },
                  { id: GENDER.female, name: t`Female` },
                ]
              ).map((g) => (
                <label key={g.id} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="qo-gender"
                    checked={basic.genderId === g.id}
                    onChange={() => order.send({ type: "user.setGender", genderId: g.id })}
                  />
                  {g.name}
                </label>
              ))}
            </div>
          )}
        </Field>
        <div>
          <label htmlFor="qo-amount" className={label}>
            <Trans>Quantity</Trans>
          </label>
          <input
            id="qo-amount"
            type="number"
            min={1}
            className={field}
            value={basic.amount}
            onChange={(e) => order.send({ type: "user.setAmount", amount: Number(e.target.value) || 1 })}
          />
        </div>
      </fieldset>

      <fieldset className="grid grid-cols-2 gap-5">
        <legend className="mb-3 text-lg font-semibold text-brand">
          <Trans>Optional</Trans>
        </legend>
        <div>
          <label htmlFor="qo-cusOrderCode" className={label}>
            <Trans>Customer order number</Trans>
          </label>
          <input {...edit("cusOrderCode")} />
        </div>
        <div>
          <label htmlFor="qo-phone" className={label}>
            <Trans>Phone</Trans>
          </label>
          <input {...edit("phone")} type="tel" />
        </div>
        <div>
          <label htmlFor="qo-email" className={label}>
            <Trans>E-mail</Trans>
          </label>
          <input {...edit("email")} type="email" />
        </div>
        <div>
          <span className={label} id="qo-birthday-label">
            <Trans>Birthday</Trans>
          </span>
          <div role="group" aria-labelledby="qo-birthday-label" className="flex gap-2">
            {/* issue 20 §6: in the order the language writes a date, with its own placeholders */}
            {birthdayParts(i18n.locale).map((part) => (
              <input
                key={part}
                aria-label={part === "month" ? t`Month` : part === "date" ? t`Day` : t`Year`}
                placeholder={part === "month" ? t`MM` : part === "date" ? t`DD` : t`YYYY`}
                inputMode="numeric"
                className={`${field} ${part === "year" ? "w-28" : "w-20"}`}
                value={basic.birthday[part]}
                onChange={(e) => order.send({ type: "user.setBirthday", part, value: e.target.value })}
              />
            ))}
          </div>
        </div>
        <div className="col-span-2">
          <label htmlFor="qo-address" className={label}>
            <Trans>Address</Trans>
          </label>
          <input {...edit("address")} />
        </div>
      </fieldset>
    </div>
  );
}

/** QO-021, QO-022, QO-108..110, QO-163: the fabric source, search with pictures, and stock (the simple order's step 1). */
export function FabricField({ order }: { order: OrderEntryRef }) {
  const { t } = useLingui();
  const fabric = useSelector(order, selectFabric);
  const checking = useSelector(order, isCheckingStock);
  const categoryId = useSelector(order, selectCategoryId);
  // QO-134, QO-163: a fabric refusal is shown under the input
  const error = useFieldError(order, "fabric");
  // QO-021: a system fabric being typed is searched; QO-110: a picked one is cleared whole
  const search = useSelector(order, selectFabricSearch);
  const picked = useSelector(order, selectFabricPicked);
  const fabrics = useQuery({
    ...orderQueries.fabrics(categoryId, useDeferredValue(search ?? "")),
    enabled: search !== null,
  });
  const results = search !== null ? (fabrics.data ?? []) : [];
  // Which search result the preview modal shows (null: closed); it only browses, the pick goes to the machine.
  const [preview, setPreview] = useState<number | null>(null);

  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold text-brand">
        <Trans>Fabric</Trans>{" "}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </legend>
      <div role="radiogroup" aria-label={t`Fabric source`} className="mb-3 flex gap-6 text-sm">
        <label className="flex items-center gap-1.5">
          <input
            type="radio"
            name="qo-fabric-source"
            checked={fabric.source === "sys"}
            onChange={() => order.send({ type: "user.setFabricSource", source: "sys" })}
          />{" "}
          <Trans>MTM (our stock)</Trans>
        </label>
        <label className="flex items-center gap-1.5">
          <input
            type="radio"
            name="qo-fabric-source"
            checked={fabric.source === "cus"}
            onChange={() => order.send({ type: "user.setFabricSource", source: "cus" })}
          />{" "}
          <Trans>CMT (customer's own fabric)</Trans>
        </label>
      </div>
      <Field id="qo-fabric" name="fabric" label={<Trans>Fabric</Trans>} labelHidden error={error}>
        {(control, invalid) => (
          <div className="flex items-stretch gap-2">
            {/* QO-021: the search results with picture, price and stock; QO-203: they close 500 ms after the input loses focus */}
            <Combobox
              {...control}
              className={controlVariants({ invalid })}
              placeholder={fabric.source === "sys" ? t`Search fabric code` : t`Describe the customer's fabric`}
              inputValue={fabric.code}
              onInputValueChange={(code) => order.send({ type: "user.typeFabric", code })}
              open={search !== null}
              closeDelayMs={FABRIC_BLUR_DELAY_MS}
              items={results}
              itemKey={(f) => f.id}
              renderItem={(f) => <FabricResult fabric={f} />}
              onSelect={(f) => order.send({ type: "user.pickFabric", code: f.fabricCode })}
              listLabel={t`Fabrics`}
              onKeyDown={(e) => {
                // QO-110: Backspace or Delete clears a picked fabric whole
                if ((e.key === "Backspace" || e.key === "Delete") && picked) {
                  e.preventDefault();
                  order.send({ type: "user.clearFabric" });
                }
              }}
            />
            {results.length > 0 && (
              // QO-023..025: the results in the preview, one after the other
              <button
                type="button"
                onClick={() => setPreview(0)}
                aria-label={t`Preview the fabrics found`}
                className="shrink-0 rounded border border-slate-300 px-3 text-sm text-slate-700 hover:border-brand"
              >
                <Trans>Preview</Trans>
              </button>
            )}
          </div>
        )}
      </Field>
      {checking && (
        <p className="mt-1 text-sm text-slate-600" aria-live="polite">
          <Trans>Checking stock…</Trans>
        </p>
      )}
      {fabric.inStock === true && (
        <p className="mt-1 text-sm text-green-800" aria-live="polite">
          <Trans>In stock</Trans>
        </p>
      )}
      <FabricPreview
        fabrics={results}
        index={preview}
        onIndex={setPreview}
        onPick={(code) => order.send({ type: "user.pickFabric", code })}
      />
    </fieldset>
  );
}

/** QO-021: one search result: its picture, code, price with its currency and stock. */
function FabricResult({ fabric: f }: { fabric: FabricFound }) {
  return (
    <span className="flex items-center gap-3">
      <Img src={f.imagePath} alt="" className="h-10 w-10 rounded object-cover" />
      <span className="w-40 font-semibold">{f.fabricCode}</span>
      <Money
        amount={f.price}
        currency={f.moneyType}
        className="w-32 text-slate-700"
        data-testid="fabric-result-price"
      />
      {/* PO-012..014: the stock badge, green above 0, red otherwise */}
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${stockBadgeTone(f.stock) === "green" ? "bg-green-100 text-green-900" : "bg-red-100 text-red-800"}`}
        data-testid="fabric-result-stock"
        data-tone={stockBadgeTone(f.stock)}
      >
        {f.inStock ? <Trans>Stock: {f.stock} m</Trans> : <Trans>Stock: {f.stock} m (sold out)</Trans>}
      </span>
    </span>
  );
}
