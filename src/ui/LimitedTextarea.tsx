import type { ReactNode, Ref } from "react";
import { Trans } from "@lingui/react/macro";
import { Field, controlVariants } from "./Field.tsx";

/**
 * A text area field with a length limit: the field's label, hint and error (see `Field`), the browser
 * stopping input at `max`, and a hint counting the characters written ("12 / 200 characters").
 */
export function LimitedTextarea({
  id,
  name,
  label,
  max,
  value,
  onChange,
  error,
  required = false,
  rows = 3,
  textareaRef,
}: {
  id: string;
  name: string;
  label: ReactNode;
  max: number;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  rows?: number;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <Field
      id={id}
      name={name}
      label={label}
      required={required}
      error={error}
      hint={
        <Trans>
          {value.trim().length} / {max} characters
        </Trans>
      }
    >
      {(control, invalid) => (
        <textarea
          {...control}
          ref={textareaRef}
          rows={rows}
          maxLength={max}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={controlVariants({ invalid })}
        />
      )}
    </Field>
  );
}
