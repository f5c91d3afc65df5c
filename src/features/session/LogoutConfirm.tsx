import { AlertDialog } from "radix-ui";
import { useSelector } from "@xstate/react";
import { Trans } from "@lingui/react/macro";
import { sessionActor } from "./session.ts";
import { isConfirmingLogout } from "../../../machines/session/session.selectors.ts";

/** SHELL-081: Log Out asks for confirmation. */
export function LogoutConfirm() {
  const open = useSelector(sessionActor, isConfirmingLogout);
  const pending = useSelector(sessionActor, (s) => s.matches({ signedIn: { logout: "loggingOut" } }));
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !o && sessionActor.send({ type: "user.cancelLogout" })}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content
          data-testid="logout-confirm"
          className="fixed left-1/2 top-1/2 z-50 w-[420px] -translate-x-1/2 -translate-y-1/2 rounded-md bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-brand">
            <Trans>Log out</Trans>
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            <Trans>Are you sure you want to log out?</Trans>
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded border border-slate-400 px-4 py-2 text-sm">
              <Trans>Cancel</Trans>
            </AlertDialog.Cancel>
            <AlertDialog.Action
              disabled={pending}
              onClick={(e) => {
                e.preventDefault();
                sessionActor.send({ type: "user.confirmLogout" });
              }}
              className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
            >
              <Trans>Log Out</Trans>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
