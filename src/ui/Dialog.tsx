import { useLayoutEffect, useRef, type ReactNode } from "react";
import { AlertDialog, Dialog as RadixDialog } from "radix-ui";
import { useLingui } from "@lingui/react/macro";
import { Button } from "./Button.tsx";
import { cn } from "./cn.ts";

const overlayClass = "fixed inset-0 z-40 bg-black/50";
const contentClass =
  "fixed left-1/2 top-1/2 z-50 max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-md bg-white shadow-xl";
/** A modal that takes the whole viewport (the address form, ADDR-002). */
const fullScreenClass = "fixed inset-0 z-50 overflow-auto bg-white";

function CloseIcon() {
  return (
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
  );
}

/**
 * A centred modal of a fixed width (login 710, calculator 480, preview 428): title, optional
 * description (otherwise the title is its description for screen readers), a close button, and an
 * optional footer of actions. Focus is trapped inside and returns to the opener on close; Escape and a
 * click on the overlay close it.
 */
export function Modal(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  width: number;
  children: ReactNode;
  description?: ReactNode;
  /** Actions shown at the bottom, right-aligned (e.g. Cancel and Save). */
  footer?: ReactNode;
  testId?: string;
  className?: string;
  /** The close button is disabled (a dialog that must not close yet, e.g. while orders are submitted). */
  closeDisabled?: boolean;
  /** The modal takes the whole viewport; `width` is then the width of its centred content. */
  fullScreen?: boolean;
}) {
  const { t } = useLingui();
  return (
    <RadixDialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          data-testid={props.testId}
          style={
            props.fullScreen
              ? { paddingInline: `max(2rem, calc((100vw - ${props.width}px) / 2))` }
              : { width: props.width }
          }
          className={cn(props.fullScreen ? fullScreenClass : contentClass, "p-8", props.className)}
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
          {props.footer && <div className="mt-6 flex justify-end gap-3">{props.footer}</div>}
          <RadixDialog.Close
            aria-label={t`Close`}
            disabled={props.closeDisabled}
            className="absolute right-4 top-4 rounded p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-40"
          >
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** What Tab reaches (the first is focused when a kept modal opens). */
const TABBABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * `Modal` for a dialog opened often whose content is costly to build (the lists' filter, issue 21): it
 * is mounted once and hidden while closed, so opening it only shows it. It leaves the page behind as
 * it is: Radix's modal mode locks the scroll with an injected stylesheet and hides the rest of the page
 * from screen readers, and each restyles the whole page on every open and close (hundreds of ms at 4x
 * CPU slow-down). Instead the overlay takes the clicks outside (a click there closes it), the content
 * says `aria-modal`, Tab loops inside it, and focus goes to its first field on open and back where it
 * was on close. Escape and the close button close it, as `Modal`.
 */
export function KeptModal(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  width: number;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const { t } = useLingui();
  const content = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const { open, onClose } = props;
  useLayoutEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (content.current?.querySelector<HTMLElement>(TABBABLE) ?? content.current)?.focus();
    return () => returnTo?.focus();
  }, [open]);
  return (
    <RadixDialog.Root modal={false} open={open} onOpenChange={(next) => !next && open && onClose()}>
      <RadixDialog.Portal forceMount>
        <div ref={overlay} className={overlayClass} hidden={!open} />
        <RadixDialog.Content
          forceMount
          ref={content}
          hidden={!open}
          aria-modal={open ? true : undefined}
          data-testid={props.testId}
          style={{ width: props.width }}
          className={cn(contentClass, "p-8")}
          // focus is moved by the effect above: Radix would do it once, at mount, while hidden
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          // only a click on the overlay closes it: not the click that opened it, nor focus elsewhere while closed
          onInteractOutside={(event) => {
            if (event.target !== overlay.current) event.preventDefault();
          }}
        >
          <RadixDialog.Title className="mb-6 text-xl font-semibold text-brand">{props.title}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{props.title}</RadixDialog.Description>
          {props.children}
          {props.footer && <div className="mt-6 flex justify-end gap-3">{props.footer}</div>}
          <RadixDialog.Close
            aria-label={t`Close`}
            className="absolute right-4 top-4 rounded p-1 text-slate-600 hover:bg-slate-100"
          >
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A question that needs an answer before anything happens (Radix AlertDialog: role `alertdialog`,
 * focus starts on Cancel, Escape cancels, the overlay does not close it). `onConfirm` runs on the
 * confirm button; the dialog stays open until `open` turns false, so a pending action can show.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmation is running: the confirm button is disabled. */
  pending?: boolean;
  /** A destructive action (delete, cancel an order) shows a red confirm button. */
  destructive?: boolean;
  testId?: string;
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={(open) => !open && props.onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content data-testid={props.testId} className={cn(contentClass, "w-[420px] p-6")}>
          <AlertDialog.Title className="text-lg font-semibold text-brand">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{props.description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{props.cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant={props.destructive ? "danger" : "primary"}
                disabled={props.pending}
                onClick={(event) => {
                  // the dialog closes when the caller says so (after the action), not on the click
                  event.preventDefault();
                  props.onConfirm();
                }}
              >
                {props.confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
