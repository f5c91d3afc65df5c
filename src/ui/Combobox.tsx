import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Popover } from "radix-ui";
import { cn } from "./cn.ts";

export interface ComboboxProps<T> {
  /** The input's id: a `<label htmlFor>` (or Field) names the combobox through it. */
  id: string;
  /** The text in the input (controlled). */
  inputValue: string;
  onInputValueChange: (text: string) => void;
  /** The suggestions for the current text (fetched by the caller, e.g. through a query). */
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** The option's content; its text is the option's accessible name. */
  renderItem: (item: T) => ReactNode;
  /** Called when an option is picked (click, or Enter on the active option). */
  onSelect: (item: T) => void;
  /** Marks the chosen option (`aria-selected`). */
  isSelected?: (item: T) => boolean;
  /** Whether the list may show; by default while the input has text. It shows only with items. */
  open?: boolean;
  /**
   * The list closes this long after the input loses focus (QO-203: the fabric search, 500 ms), instead of
   * at once; focusing the input again opens it again.
   */
  closeDelayMs?: number;
  /** The caller's keys first (e.g. a key that clears the choice); one it prevents is not handled here. */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** A polite line under the input when there is text but no item (e.g. "No fabric found"). */
  emptyText?: ReactNode;
  /** The listbox's name (e.g. "Customers"). */
  listLabel: string;
  /** The listbox's id (generated when not given). */
  listId?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
  "data-testid"?: string;
  /** The stable id of the field a refusal names (Field gives it), so the page can scroll to it and focus it. */
  "data-field"?: string;
}

/**
 * A text input with suggestions (WAI-ARIA combobox with a listbox popup, on Radix Popover): typing
 * edits the text; ArrowDown/ArrowUp move the active option (Home/End to the ends), Enter picks it,
 * Escape closes the list; focus stays in the input (`aria-activedescendant` names the active option).
 */
export function Combobox<T>({
  id,
  inputValue,
  onInputValueChange,
  items,
  itemKey,
  renderItem,
  onSelect,
  isSelected,
  open: wanted,
  closeDelayMs,
  onKeyDown: callerKeyDown,
  emptyText,
  listLabel,
  listId: givenListId,
  placeholder,
  disabled,
  className,
  ...aria
}: ComboboxProps<T>) {
  const generatedListId = `${useId()}-listbox`;
  const listId = givenListId ?? generatedListId;
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed && !disabled && (wanted ?? inputValue.trim() !== "") && items.length > 0;
  const activeIndex = open && active < items.length ? active : -1;
  const optionId = (index: number) => `${listId}-${index}`;
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const pick = (item: T) => {
    onSelect(item);
    setActive(-1);
    setDismissed(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    callerKeyDown?.(event);
    if (event.defaultPrevented) return;
    const last = items.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setDismissed(false);
      setActive(index);
    };
    switch (event.key) {
      case "ArrowDown":
        if (items.length) move(!open || activeIndex >= last ? 0 : activeIndex + 1);
        break;
      case "ArrowUp":
        if (items.length) move(!open || activeIndex <= 0 ? last : activeIndex - 1);
        break;
      case "Home":
        if (open) move(0);
        break;
      case "End":
        if (open) move(last);
        break;
      case "Enter":
        if (open && activeIndex >= 0) {
          event.preventDefault();
          pick(items[activeIndex]!);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setDismissed(true);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && setDismissed(true)}>
      <Popover.Anchor asChild>
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          value={inputValue}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => {
            setDismissed(false);
            setActive(-1);
            onInputValueChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            setDismissed(false);
          }}
          onBlur={() => {
            if (closeDelayMs === undefined) return;
            clearTimeout(blurTimer.current);
            blurTimer.current = setTimeout(() => setDismissed(true), closeDelayMs);
          }}
          {...aria}
          className={cn(
            "w-full rounded border border-slate-400 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600 disabled:bg-slate-100",
            className,
          )}
        />
      </Popover.Anchor>
      {!open && emptyText && inputValue.trim() !== "" && items.length === 0 && (
        <p className="mt-1 text-sm text-slate-600" aria-live="polite">
          {emptyText}
        </p>
      )}
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          // focus stays in the input: the list is driven from the keyboard through aria-activedescendant
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            // the input's own clicks, and with a close delay any focus leaving the input, are the input's to handle
            if (closeDelayMs !== undefined || (event.target instanceof Element && event.target.id === id))
              event.preventDefault();
          }}
          className="z-[60] w-[var(--radix-popover-trigger-width)] rounded border border-slate-300 bg-white shadow-lg"
        >
          <ul id={listId} role="listbox" aria-label={listLabel} className="max-h-60 overflow-auto py-1">
            {items.map((item, index) => (
              <li
                key={itemKey(item)}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected ? isSelected(item) : index === activeIndex}
                data-active={index === activeIndex || undefined}
                // a press must not take focus from the input before the click picks the option
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(item)}
                className="cursor-pointer px-3 py-2 text-sm data-[active]:bg-slate-100"
              >
                {renderItem(item)}
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
