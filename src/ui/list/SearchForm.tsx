import { useState, type FormEvent, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Button } from "../Button.tsx";
import { cn } from "../cn.ts";
import { controlVariants } from "../Field.tsx";

/** A catalogue's search by name: one labelled field and Search; the caller starts a new search at page 1. */
export function SearchForm({
  id,
  label,
  formLabel,
  initial,
  onSubmit,
}: {
  id: string;
  label: ReactNode;
  /** The search landmark's name. */
  formLabel: string;
  initial: string;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(text.trim());
  };
  return (
    <form role="search" aria-label={formLabel} className="flex items-end gap-2" onSubmit={submit}>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={50}
          onChange={(e) => setText(e.target.value)}
          className={cn(controlVariants({ width: "auto" }), "w-72")}
        />
      </div>
      <Button type="submit">
        <Trans>Search</Trans>
      </Button>
    </form>
  );
}
