import { useCallback, useMemo, useState, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Button } from "../Button.tsx";
import { KeptModal } from "../Dialog.tsx";
import { useFilterOpen, type FilterSwitch } from "./filterSwitch.ts";

/**
 * A list's filter dialog: a two-column form of the fields the list gives (`children`, called with the
 * draft and its setter), Reset (clears the draft) and Apply (gives the draft to the list, which keeps it
 * in the address). The draft starts from `initial` each time the dialog opens; while `invalid` says so
 * (e.g. a reversed date range) Apply is held. Enter in a text or date field applies.
 *
 * The dialog stays mounted, hidden, while it is closed (`KeptModal`, issue 21: mounting it on every
 * open, and the modal's page-wide restyling, took hundreds of ms at 4x CPU slow-down), and whether it is
 * open is the page's `FilterSwitch` (`useFilterSwitch`; the Filter button sets it): opening and
 * closing it render the dialog again, not the list. Apply closes the dialog, then gives the draft.
 *
 * `F` is the list's filter: an object whose every field is optional (Reset makes it `{}`).
 */
export function FilterModal<F extends object>({
  filterSwitch,
  title,
  testId,
  initial,
  invalid,
  onApply,
  width = 640,
  backAndSearch = false,
  children,
}: FilterModalProps<F>) {
  const open = useFilterOpen(filterSwitch);
  const [filter, setFilter] = useState<F>(initial);
  // a fresh draft from the address each time the dialog opens (or the address changes while it is open)
  const openedWith = open ? JSON.stringify(initial) : null;
  const [draftOf, setDraftOf] = useState(openedWith);
  if (openedWith !== draftOf) {
    setDraftOf(openedWith);
    // a draft that already equals it is kept as it is, so the fields are not made again (the usual reopening)
    if (openedWith !== null && JSON.stringify(filter) !== openedWith) setFilter(initial);
  }
  const set = useCallback((patch: Partial<F>) => setFilter((current) => ({ ...current, ...patch })), []);
  // The fields are made again only when the draft (or the page) changes: opening and closing leave them as
  // they are. So `children` calls no hook: a field that reads more (whether the dialog is open, say) is a
  // component of its own (OrderFilter.tsx's OrderLabelsField).
  const fields = useMemo(() => children(filter, set), [children, filter, set]);
  const held = invalid?.(filter) ?? false;
  const close = () => filterSwitch.set(false);
  const apply = () => {
    close();
    onApply(filter);
  };
  return (
    <KeptModal
      open={open}
      onClose={close}
      width={width}
      title={title}
      testId={testId}
      footer={
        <>
          {/* every field of a filter is optional: the empty filter is `{}` */}
          <Button variant="outline" onClick={() => setFilter({} as F)}>
            <Trans>Reset</Trans>
          </Button>
          {backAndSearch ? (
            <Button variant="outline" onClick={close}>
              <Trans>Back</Trans>
            </Button>
          ) : null}
          <Button disabled={held} onClick={apply}>
            {backAndSearch ? <Trans>Search</Trans> : <Trans>Apply</Trans>}
          </Button>
        </>
      }
    >
      {/* Not a <form>: inside one, Radix Select renders a hidden native <select> of every option beside each
          field (for the form's data, which the dialog never submits), and those doubled the style work of
          opening the dialog (issue 21: six selects of 33 options on the order filter). Enter in a field
          applies, as a form's implicit submission would; not while an input method is composing (a Chinese
          user's Enter picks the characters). */}
      <div
        className="grid grid-cols-2 gap-4"
        onKeyDown={(event) => {
          // (a field that took the Enter itself, a combobox choosing its option, has prevented it)
          if (event.key !== "Enter" || event.nativeEvent.isComposing || event.defaultPrevented) return;
          const { target } = event;
          if (!(target instanceof HTMLInputElement) || target.type === "checkbox" || target.type === "radio") return;
          event.preventDefault();
          if (!held) apply();
        }}
      >
        {fields}
      </div>
    </KeptModal>
  );
}

interface FilterModalProps<F> {
  /** Whether the dialog is open (`useFilterSwitch` in the page; the Filter button sets it). */
  filterSwitch: FilterSwitch;
  title: ReactNode;
  testId: string;
  initial: F;
  /** The draft may not be applied yet (a field says why). */
  invalid?: (filter: F) => boolean;
  /** Apply: the dialog has closed; the list takes the draft (into its address). */
  onApply: (filter: F) => void;
  width?: number;
  /** SUB-016: the documents' Back (closes, nothing applied) and Search (applies) instead of Apply. */
  backAndSearch?: boolean;
  /** The fields: each reads the draft and sets its part of it. */
  children: (filter: F, set: (patch: Partial<F>) => void) => ReactNode;
}
