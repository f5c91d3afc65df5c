import type { ReactNode } from "react";
import { Dialog as RadixDialog } from "radix-ui";
import { useLingui } from "@lingui/react/macro";

/** A centred modal of a fixed width (login 710, calculator 480, preview 428). */
export function Modal(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  width: number;
  children: ReactNode;
  description?: ReactNode;
  testId?: string;
}) {
  const { t } = useLingui();
  return (
    <RadixDialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          data-testid={props.testId}
          style={{ width: props.width }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-md bg-white p-8 shadow-xl"
        >
          <RadixDialog.Title className="mb-6 text-xl font-semibold text-brand">{props.title}</RadixDialog.Title>
          {props.description ? (
            <RadixDialog.Description className="mb-4 text-sm text-slate-700">
              {props.description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{props.title}</RadixDialog.Description>
          )}
          {props.children}
          <RadixDialog.Close
            aria-label={t`Close`}
            className="absolute right-4 top-4 rounded p-1 text-slate-600 hover:bg-slate-100"
          >
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
