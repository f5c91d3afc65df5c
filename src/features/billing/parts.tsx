import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Money } from "../../ui/Money.tsx";
import { cn } from "../../ui/cn.ts";
import { allocationDot, priceTone, signedCents } from "./rules.ts";

/** SUB-009: the allocation details' breadcrumbs: individual account, sub account, allocation details. */
export function AllocationBreadcrumbs() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`} className="mb-4 text-sm" data-testid="allocation-breadcrumbs">
      <ol className="flex items-center gap-2 text-slate-600">
        <li>
          <Link to="/user" className="text-brand underline-offset-2 hover:underline">
            <Trans>Individual account</Trans>
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to="/subAccount" className="text-brand underline-offset-2 hover:underline">
            <Trans>Sub account</Trans>
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="text-slate-900">
          <Trans>Allocation details</Trans>
        </li>
      </ol>
    </nav>
  );
}

const DOT_CLASS = { green: "bg-green-600", red: "bg-red-600", blue: "bg-blue-600" } as const;

/** SUB-011..013: a transaction type with its dot: Recharge green, Take back red, any other blue. */
export function TypeWithDot({ type, name }: { type: number; name: string }) {
  const dot = allocationDot(type);
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap" data-dot={dot}>
      <span aria-hidden="true" className={cn("inline-block h-2.5 w-2.5 rounded-full", DOT_CLASS[dot])} />
      {name}
    </span>
  );
}

const TONE_CLASS = { green: "text-green-700", red: "text-red-700" } as const;

/**
 * SUB-014, BILL-007, BILL-008: a signed price of the API ("+12.00", "-12.00") in the one money format,
 * green when it starts with +, otherwise red.
 */
export function SignedPrice({ price, currency }: { price: string; currency: string }) {
  const tone = priceTone(price);
  const cents = signedCents(price);
  return (
    <span className={cn("font-medium", TONE_CLASS[tone])} data-tone={tone}>
      {cents === null ? price : <Money cents={cents} currency={currency} signed />}
    </span>
  );
}

/**
 * A one-choice group of chips (SUB-016: the sub-accounts, the transaction types): a pressed chip is the
 * filter's value; pressing it again, or "All", clears it.
 */
export function ChipField<V extends number>({
  legend,
  options,
  value,
  onChange,
  testId,
}: {
  legend: ReactNode;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  testId: string;
}) {
  const chip = (pressed: boolean) =>
    cn(
      "rounded-full border px-3 py-1 text-sm",
      pressed ? "border-brand bg-brand text-white" : "border-slate-400 bg-white text-slate-800 hover:bg-slate-50",
    );
  return (
    <fieldset className="col-span-2" data-testid={testId}>
      <legend className="mb-2 block text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={value === undefined}
          className={chip(value === undefined)}
          onClick={() => onChange(undefined)}
        >
          <Trans>All</Trans>
        </button>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={value === option.value}
            className={chip(value === option.value)}
            onClick={() => onChange(value === option.value ? undefined : option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * How many movements match (issue 22, paging at scale): the server counts at most 1,000 past the page;
 * when it stopped there (`capped`) the count says "more than".
 */
export function MovementCount({ total, capped }: { total: number; capped: boolean }) {
  return capped ? (
    <span data-capped="true">
      <Trans>More than {total} movements</Trans>
    </span>
  ) : (
    <Plural value={total} one="# movement" other="# movements" />
  );
}
