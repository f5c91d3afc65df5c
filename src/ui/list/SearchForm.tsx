import { useState, type FormEvent, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Button } from "../Button.tsx";
import { cn } from "../cn.ts";
import { controlVariants } from "../Field.tsx";

/**
 * A list's search: one labelled field wide enough for its hint, and Search; the caller starts a new search
 * at page 1. When `initial` changes from outside (the address: back, a link, a cleared filter), the field
 * shows it; the form itself stays, so the field keeps its focus after a search.
 */
export function SearchForm({
  id,
  label,
  labelHidden = false,
  formLabel,
  placeholder,
  initial,
  onSubmit,
  children,
}: {
  id: string;
  label: ReactNode;
  /** The label is for assistive technology only (the hint and the page say what is searched). */
  labelHidden?: boolean;
  /** The search landmark's name. */
  formLabel: string;
  /** What can be searched for, shown in the empty field. */
  placeholder?: string;
  initial: string;
  onSubmit: (text: string) => void;
  /** What follows Search in the same row. */
  children?: ReactNode;
}) {
  const [text, setText] = useState(initial);
  // The last `initial` seen: a new one replaces what is typed (React's "adjusting state on a prop change").
  const [shown, setShown] = useState(initial);
  if (initial !== shown) {
    setShown(initial);
    setText(initial);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(text.trim());
  };
  return (
    <form role="search" aria-label={formLabel} className="flex items-end gap-2" onSubmit={submit}>
      <div>
        <label htmlFor={id} className={labelHidden ? "sr-only" : "mb-1 block text-sm font-medium text-slate-800"}>
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={50}
          onChange={(e) => setText(e.target.value)}
          className={cn(controlVariants({ width: "auto" }), "w-72")}
        />
      </div>
      <Button type="submit">
        <Trans>Search</Trans>
      </Button>
      {children}
    </form>
  );
}
