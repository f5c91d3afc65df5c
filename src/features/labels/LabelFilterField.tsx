import { useQuery } from "@tanstack/react-query";
import { Trans } from "@lingui/react/macro";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { LabelChip } from "./LabelChip.tsx";
import { labelQueries } from "./queries.ts";

/**
 * PROD-022: the "labels" field of an order filter: the caller's labels as checkboxes; an order matches
 * when it carries at least one of the ticked labels. `value` undefined (or empty) is no filter.
 */
export function LabelFilterField({
  id,
  value,
  onChange,
  enabled = true,
}: {
  /** Prefix of the checkboxes' ids. */
  id: string;
  value: readonly number[] | undefined;
  onChange: (labelIds: number[] | undefined) => void;
  /** Read the labels only while the filter is open. */
  enabled?: boolean;
}) {
  const labels = useQuery({ ...labelQueries.list(), enabled });
  const chosen = value ?? [];
  const toggle = (labelId: number, checked: boolean) => {
    const next = checked ? [...chosen.filter((x) => x !== labelId), labelId] : chosen.filter((x) => x !== labelId);
    onChange(next.length === 0 ? undefined : next);
  };
  return (
    <fieldset className="col-span-2" data-testid="label-filter">
      <legend className="mb-1 block text-sm font-medium text-slate-800">
        <Trans>Labels</Trans>
      </legend>
      {labels.data && labels.data.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {labels.data.map((label) => (
            <Checkbox
              key={label.id}
              id={`${id}-${label.id}`}
              checked={chosen.includes(label.id)}
              onCheckedChange={(checked) => toggle(label.id, checked)}
              label={<LabelChip label={label} />}
            />
          ))}
        </div>
      ) : labels.isPending && enabled ? (
        <p role="status" className="text-sm text-slate-600">
          <Trans>Loading labels…</Trans>
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>You have no labels yet.</Trans>
        </p>
      )}
    </fieldset>
  );
}
