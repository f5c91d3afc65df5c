import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { Select } from "../../ui/Select.tsx";
import { formatLabelIds, LabelFilterField, parseLabelIds } from "../labels/index.ts";
import { useOrderTypes, useSearchDict } from "./dictionaries.ts";
import { orderListQueries } from "./queries.ts";
import { shipStateOf, type OrderListFilter } from "./search.ts";

/** Radix Select has no empty value: "any" stands for a field left open. */
const ANY = "any";
const toValue = (id: number | undefined) => (id === undefined ? ANY : String(id));
const fromValue = (value: string) => (value === ANY ? undefined : Number(value));

/**
 * CART-004, PROD-022: the order filter of spec 002 §3, shared by the order lists: status, order type,
 * size category, garment category, the order dates and the member (PROD-051: the account itself or one
 * of its sub-accounts, whose orders are shown read-only) and the labels. Apply gives the filter to the page, which keeps
 * it in the address; Reset clears the form. A list with a `defaultStatus` (the pending list, CART-024)
 * always filters on a status; the others offer "Any". `statuses` narrows the status choices to the
 * statuses the list holds (the production list's); `deliveryDates` adds the planned and the final delivery
 * ranges, `shipment` the shipment (PROD-022: isShip, its choices the dict basic list, PROD-063).
 */
export function FilterModal({
  open,
  initial,
  onApply,
  onClose,
  defaultStatus,
  statuses: listStatuses,
  testId = "order-filter",
  deliveryDates = false,
  shipment = false,
}: {
  /** PROD-022: the planned and the final delivery date ranges too (the production list). */
  deliveryDates?: boolean;
  /** PROD-022, PROD-063: the shipment too (any, not shipped, shipped; the production list). */
  shipment?: boolean;
  open: boolean;
  defaultStatus?: number;
  statuses?: readonly number[];
  testId?: string;
  initial: OrderListFilter;
  onApply: (filter: OrderListFilter) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<OrderListFilter>(initial);
  const statusDict = useSearchDict("statuses", open);
  const statuses = listStatuses ? statusDict.data?.filter((s) => listStatuses.includes(s.id)) : statusDict.data;
  const orderTypes = useOrderTypes(open);
  const sizeCategories = useSearchDict("sizeCategories", open);
  const categories = useQuery({ ...orderListQueries.categories(), enabled: open });
  const members = useQuery({ ...orderListQueries.members(), enabled: open });
  // PROD-063: the shipment states (dict basic list category 8, parentId 0), their code the isShip sent
  const shipStates = useQuery({
    ...orderListQueries.basicList(),
    select: (entries) =>
      entries.flatMap((entry) => {
        const state = shipStateOf(entry.code);
        return state === undefined ? [] : [{ id: state, name: entry.name }];
      }),
    enabled: open && shipment,
  });
  const self = members.data?.[0];
  const anyStatus = defaultStatus === undefined;
  const set = (patch: OrderListFilter) => setFilter((current) => ({ ...current, ...patch }));
  // a reversed range is refused before it is sent
  const datesReversed = DATE_RANGES.some(
    ([from, until]) => (deliveryDates || from === "start") && isReversed(filter[from], filter[until]),
  );

  const anyOption = { value: ANY, label: t`Any` };
  const options = (entries: readonly { id: number; name: string }[] | undefined) => [
    anyOption,
    ...(entries ?? []).map((entry) => ({ value: String(entry.id), label: entry.name })),
  ];

  return (
    <Modal
      open={open}
      onClose={onClose}
      width={640}
      title={<Trans>Filter orders</Trans>}
      testId={testId}
      footer={
        <>
          <Button variant="outline" onClick={() => setFilter({})}>
            <Trans>Reset</Trans>
          </Button>
          <Button disabled={datesReversed} onClick={() => onApply(filter)}>
            <Trans>Apply</Trans>
          </Button>
        </>
      }
    >
      <form
        className="grid grid-cols-2 gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!datesReversed) onApply(filter);
        }}
      >
        <Field id="order-filter-status" label={<Trans>Status</Trans>}>
          {(control) => (
            <Select
              {...control}
              value={anyStatus ? toValue(filter.status) : String(filter.status ?? defaultStatus)}
              onValueChange={(value) =>
                anyStatus
                  ? set({ status: fromValue(value) })
                  : set({ status: Number(value) === defaultStatus ? undefined : Number(value) })
              }
              options={[
                ...(anyStatus ? [anyOption] : []),
                ...(statuses ?? (anyStatus ? [] : [{ id: defaultStatus, name: t`Pending review` }])).map((s) => ({
                  value: String(s.id),
                  label: s.name,
                })),
              ]}
            />
          )}
        </Field>
        <Field id="order-filter-order-type" label={<Trans>Order type</Trans>}>
          {(control) => (
            <Select
              {...control}
              value={toValue(filter.orderType)}
              onValueChange={(value) => set({ orderType: fromValue(value) })}
              options={options(orderTypes.data)}
            />
          )}
        </Field>
        <Field id="order-filter-size-category" label={<Trans>Size category</Trans>}>
          {(control) => (
            <Select
              {...control}
              value={toValue(filter.sizeCategoryId)}
              onValueChange={(value) => set({ sizeCategoryId: fromValue(value) })}
              options={options(sizeCategories.data)}
            />
          )}
        </Field>
        <Field id="order-filter-category" label={<Trans>Garment category</Trans>}>
          {(control) => (
            <Select
              {...control}
              value={toValue(filter.clothId)}
              onValueChange={(value) => set({ clothId: fromValue(value) })}
              options={options(categories.data)}
            />
          )}
        </Field>
        <DateRange
          id="order-filter"
          fromLabel={<Trans>Ordered from</Trans>}
          untilLabel={<Trans>Ordered until</Trans>}
          range={["start", "end"]}
          filter={filter}
          set={set}
        />
        {deliveryDates ? (
          <>
            <DateRange
              id="order-filter-delivery"
              fromLabel={<Trans>Planned delivery from</Trans>}
              untilLabel={<Trans>Planned delivery until</Trans>}
              range={["deliveryDateStart", "deliveryDateEnd"]}
              filter={filter}
              set={set}
            />
            <DateRange
              id="order-filter-final-delivery"
              fromLabel={<Trans>Final delivery from</Trans>}
              untilLabel={<Trans>Final delivery until</Trans>}
              range={["finalDeliveryDateStart", "finalDeliveryDateEnd"]}
              filter={filter}
              set={set}
            />
          </>
        ) : null}
        {shipment ? (
          <Field id="order-filter-shipment" label={<Trans>Shipment</Trans>}>
            {(control) => (
              <Select
                {...control}
                value={filter.isShip === undefined ? ANY : String(filter.isShip)}
                onValueChange={(value) => set({ isShip: value === ANY ? undefined : shipStateOf(value) })}
                options={options(shipStates.data)}
              />
            )}
          </Field>
        ) : null}
        <Field
          id="order-filter-member"
          label={<Trans>Member</Trans>}
          hint={<Trans>A sub-account's orders are shown read-only.</Trans>}
          className="col-span-2"
        >
          {(control) => (
            // the account itself comes first and is the default (no userId)
            <Select
              {...control}
              value={filter.userId === undefined ? ANY : String(filter.userId)}
              onValueChange={(value) =>
                set({ userId: value === ANY || Number(value) === self?.id ? undefined : Number(value) })
              }
              options={(members.data ?? []).map((member, index) => ({
                value: index === 0 ? ANY : String(member.id),
                label: index === 0 ? t`${member.username} (me)` : member.username,
              }))}
              placeholder={t`My orders`}
            />
          )}
        </Field>
        {/* PROD-022: orders carrying at least one of the ticked labels */}
        <LabelFilterField
          id="order-filter-label"
          enabled={open}
          value={parseLabelIds(filter.labelIds) ?? undefined}
          onChange={(ids) => set({ labelIds: ids ? formatLabelIds(ids) : undefined })}
        />
        {/* Enter in a date field applies the filter */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

type DateKey =
  "start" | "end" | "deliveryDateStart" | "deliveryDateEnd" | "finalDeliveryDateStart" | "finalDeliveryDateEnd";

/** The filter's date ranges (ordered, planned delivery, final delivery), each as its from and until. */
const DATE_RANGES: ReadonlyArray<readonly [DateKey, DateKey]> = [
  ["start", "end"],
  ["deliveryDateStart", "deliveryDateEnd"],
  ["finalDeliveryDateStart", "finalDeliveryDateEnd"],
];

const isReversed = (from: string | undefined, until: string | undefined) => Boolean(from && until && from > until);

/** A date range of the filter: from and until, the until field refusing a date before the from (PROD-022). */
function DateRange({
  id,
  fromLabel,
  untilLabel,
  range: [from, until],
  filter,
  set,
}: {
  id: string;
  fromLabel: ReactNode;
  untilLabel: ReactNode;
  range: readonly [DateKey, DateKey];
  filter: OrderListFilter;
  set: (patch: OrderListFilter) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field id={`${id}-start`} label={fromLabel}>
        {(control) => (
          <input
            {...control}
            type="date"
            className={controlVariants()}
            value={filter[from] ?? ""}
            onChange={(event) => set({ [from]: event.target.value || undefined })}
          />
        )}
      </Field>
      <Field
        id={`${id}-end`}
        label={untilLabel}
        error={isReversed(filter[from], filter[until]) ? t`The end date is before the start date` : null}
      >
        {(control, invalid) => (
          <input
            {...control}
            type="date"
            className={controlVariants({ invalid })}
            value={filter[until] ?? ""}
            onChange={(event) => set({ [until]: event.target.value || undefined })}
          />
        )}
      </Field>
    </>
  );
}
