import { Portal, Toast } from "radix-ui";
import { useLingui } from "@lingui/react/macro";
import { toasts, useToasts, type ToastKind } from "./toast.ts";

const style: Record<ToastKind, string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  warning: "border-amber-700 bg-amber-50 text-amber-900",
  info: "border-slate-600 bg-slate-50 text-slate-900",
};

/** Renders the toast queue; each toast can be closed and disappears after its duration. */
export function Toaster() {
  const items = useToasts();
  const { t } = useLingui();
  return (
    <Toast.Provider swipeDirection="up" label={t`Notification`}>
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          duration={item.duration}
          data-kind={item.kind}
          data-duration={item.duration}
          onOpenChange={(open) => !open && toasts.dismiss(item.id)}
          className={`flex items-start gap-3 rounded border-l-4 px-4 py-3 shadow-lg ${style[item.kind]}`}
        >
          <Toast.Description className="flex-1 text-sm">{item.text}</Toast.Description>
          <Toast.Close aria-label={t`Close`} className="text-current opacity-80 hover:opacity-100">
            <svg
              aria-hidden="true"
              width="14"
              height="14"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </Toast.Close>
        </Toast.Root>
      ))}
      {/*
        Issue 20: a modal dialog (Radix, through aria-hidden's hideOthers) hides every part of the page
        outside it from screen readers, but keeps each live region it finds. The list of toasts is one (its
        toasts announce themselves through Radix's announcer, so the list itself stays "off"). It lives
        in a portal of its own, a child of <body> beside the app's root: the toasts load on first use, so
        a list made while a dialog is open would otherwise be born inside the root the dialog has hidden.
      */}
      {/*
        Issue 20 §12: below the sticky header (65 px), not over it: a toast such as "Login success" covered the
        menu the sign-in had just opened. Never wider than the window.
      */}
      <Portal.Root>
        <Toast.Viewport
          aria-live="off"
          className="fixed left-1/2 top-[4.5rem] z-[100] flex w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 flex-col gap-2 outline-none"
        />
      </Portal.Root>
    </Toast.Provider>
  );
}
