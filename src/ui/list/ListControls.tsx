import { Plural, Trans } from "@lingui/react/macro";
import { Button } from "../Button.tsx";
import { Select } from "../Select.tsx";

/** The Filter button of a list's toolbar, with the number of filter fields set. */
export function FilterButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick} aria-haspopup="dialog">
      <Trans>Filter</Trans>
      {count > 0 ? (
        <span className="rounded-full bg-brand px-1.5 text-xs text-white">
          <span className="sr-only">
            <Plural value={count} one="# filter set" other="# filters set" />
          </span>
          <span aria-hidden="true">{count}</span>
        </span>
      ) : null}
    </Button>
  );
}

/** The page size of a list (e.g. CART-054: 10/20/40/60/80; the production list 20/40/60/80). */
export function PageSizeSelect({
  id,
  sizes,
  value,
  onChange,
}: {
  id: string;
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id}>
        <Trans>Per page</Trans>
      </label>
      <Select
        id={id}
        className="w-20"
        value={String(value)}
        onValueChange={(next) => onChange(Number(next))}
        options={sizes.map((size) => ({ value: String(size), label: String(size) }))}
      />
    </div>
  );
}
