import type { ComponentProps, ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { Field } from "../../ui/Field.tsx";
import { Select } from "../../ui/Select.tsx";
import { DateRangeField, FilterModal, isRangeReversed, useFilterOpen, type FilterSwitch } from "../../ui/list/index.ts";
import { formatLabelIds, LabelFilterField, parseLabelIds } from "../labels/index.ts";
import { useOrderTypes, useSearchDict } from "./dictionaries.ts";
import { orderListQueries } from "./queries.ts";
import { shipStateOf, type OrderListFilter } from "./search.ts";

/** Radix Select has no empty value: "any" stands for a field left open. */
const ANY = "any";
const toValue = (id: number | undefined) => (id === undefined ? ANY : String(id));
const fromValue = (value: string) => (value === ANY ? undefined : Number(value));

/** What an order filter field reads and sets: the draft of the filter dialog. */
interface FieldProps {
  filter: OrderListFilter;
  set: (patch: OrderListFilter) => void;
}

type DateKey =
  "start" | "end" | "deliveryDateStart" | "deliveryDateEnd" | "finalDeliveryDateStart" | "finalDeliveryDateEnd";

/** The filter's date ranges (ordered, planned delivery, final delivery), each as its from and until. */
const DATE_RANGES: ReadonlyArray<readonly [DateKey, DateKey]> = [
  ["start", "end"],
  ["deliveryDateStart", "deliveryDateEnd"],
  ["finalDeliveryDateStart", "finalDeliveryDateEnd"],
];

/** PROD-022: a reversed range is refused before it is sent. */
const hasReversedRange = (filter: OrderListFilter) =>
  DATE_RANGES.some(([from, until]) => isRangeReversed(filter[from], filter[until]));

/**
 * CART-004, PROD-022: the order filter of spec 002 §3 on the lists' filter dialog (src/ui/list): status,
 * order type, size category, garment category, the order dates, what the list adds (`extraFields`, e.g.
 * the production list's delivery dates and shipment), the member (PROD-051: the account itself or one of
 * its sub-accounts, whose orders are shown read-only) and the labels. `status` says which statuses the
 * list offers: a list with a `defaultStatus` (the pending list, CART-024) always filters on a status, the
 * others offer "Any", narrowed to `statuses` when given (the production list's).
 */
export function OrderFilterModal({
  filterSwitch,
  testId = "order-filter",
  initial,
  onApply,
  status,
  extraFields,
}: {
  filterSwitch: FilterSwitch;
  testId?: string;
  initial: OrderListFilter;
  onApply: (filter: OrderListFilter) => void;
  status: StatusChoices;
  /** The list's own fields, after the order dates. */
  extraFields?: (filter: OrderListFilter, set: (patch: OrderListFilter) => void) => ReactNode;
}) {
  return (
    <FilterModal
      filterSwitch={filterSwitch}
      title={<Trans>Filter orders</Trans>}
      testId={testId}
      initial={initial}
      invalid={hasReversedRange}
      onApply={onApply}
    >
      {(filter, set) => (
        <>
          <StatusField filter={filter} set={set} {...status} />
          <OrderTypeField filter={filter} set={set} />
          <SizeCategoryField filter={filter} set={set} />
          <GarmentCategoryField filter={filter} set={set} />
          <DateRangeField
            id="order-filter"
            fromLabel={<Trans>Ordered from</Trans>}
            untilLabel={<Trans>Ordered until</Trans>}
            value={{ from: filter.start, until: filter.end }}
            onChange={({ from, until }) => set({ start: from, end: until })}
          />
          {extraFields?.(filter, set)}
          <MemberField filter={filter} set={set} />
          {/* PROD-022: orders carrying at least one of the ticked labels */}
          <OrderLabelsField
            filterSwitch={filterSwitch}
            value={parseLabelIds(filter.labelIds) ?? undefined}
            onChange={(ids) => set({ labelIds: ids ? formatLabelIds(ids) : undefined })}
          />
        </>
      )}
    </FilterModal>
  );
}

/** The statuses a list's filter offers: always one (`defaultStatus`), or any, narrowed to `statuses`. */
export interface StatusChoices {
  defaultStatus?: number;
  statuses?: readonly number[];
}

function useAnyOptions() {
  const { t } = useLingui();
  const anyOption = { value: ANY, label: t`Any` };
  const options = (entries: readonly { id: number; name: string }[] | undefined) => [
    anyOption,
    ...(entries ?? []).map((entry) => ({ value: String(entry.id), label: entry.name })),
  ];
  return { anyOption, options };
}

function StatusField({ filter, set, defaultStatus, statuses: listStatuses }: FieldProps & StatusChoices) {
  const { t } = useLingui();
  const { anyOption } = useAnyOptions();
  const statusDict = useSearchDict("statuses");
  const statuses = listStatuses ? statusDict.data?.filter((s) => listStatuses.includes(s.id)) : statusDict.data;
  const anyStatus = defaultStatus === undefined;
  return (
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
  );
}

function OrderTypeField({ filter, set }: FieldProps) {
  const { options } = useAnyOptions();
  const orderTypes = useOrderTypes();
  return (
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
  );
}

function SizeCategoryField({ filter, set }: FieldProps) {
  const { options } = useAnyOptions();
  const sizeCategories = useSearchDict("sizeCategories");
  return (
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
  );
}

function GarmentCategoryField({ filter, set }: FieldProps) {
  const { options } = useAnyOptions();
  const categories = useQuery(orderListQueries.categories());
  return (
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
  );
}

/** PROD-051: the account itself (first, the default: no userId) or one of its sub-accounts. */
function MemberField({ filter, set }: FieldProps) {
  const { t } = useLingui();
  const members = useQuery(orderListQueries.members());
  const self = members.data?.[0];
  return (
    <Field
      id="order-filter-member"
      label={<Trans>Member</Trans>}
      hint={<Trans>A sub-account's orders are shown read-only.</Trans>}
      className="col-span-2"
    >
      {(control) => (
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
  );
}

/** PROD-022: the planned and the final delivery date ranges (the production list's filter). */
export function DeliveryDateFields({ filter, set }: FieldProps) {
  return (
    <>
      <DateRangeField
        id="order-filter-delivery"
        fromLabel={<Trans>Planned delivery from</Trans>}
        untilLabel={<Trans>Planned delivery until</Trans>}
        value={{ from: filter.deliveryDateStart, until: filter.deliveryDateEnd }}
        onChange={({ from, until }) => set({ deliveryDateStart: from, deliveryDateEnd: until })}
      />
      <DateRangeField
        id="order-filter-final-delivery"
        fromLabel={<Trans>Final delivery from</Trans>}
        untilLabel={<Trans>Final delivery until</Trans>}
        value={{ from: filter.finalDeliveryDateStart, until: filter.finalDeliveryDateEnd }}
        onChange={({ from, until }) => set({ finalDeliveryDateStart: from, finalDeliveryDateEnd: until })}
      />
    </>
  );
}

/**
 * PROD-022, PROD-063: the shipment (isShip: any, not shipped, shipped; the production list's filter), its
 * choices the dict basic list (category 8, parentId 0) whose codes are the isShip sent.
 */
export function ShipmentField({ filter, set }: FieldProps) {
  const { options } = useAnyOptions();
  const shipStates = useQuery({
    ...orderListQueries.basicList(),
    select: (entries) =>
      entries.flatMap((entry) => {
        const state = shipStateOf(entry.code);
        return state === undefined ? [] : [{ id: state, name: entry.name }];
      }),
  });
  return (
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
  );
}

/** The label choice, read once the dialog first opens: the one field that renders again when the dialog opens. */
function OrderLabelsField({
  filterSwitch,
  ...field
}: { filterSwitch: FilterSwitch } & Pick<ComponentProps<typeof LabelFilterField>, "value" | "onChange">) {
  return <LabelFilterField id="order-filter-label" enabled={useFilterOpen(filterSwitch)} {...field} />;
}
