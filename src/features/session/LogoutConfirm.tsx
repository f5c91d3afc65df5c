import { useSelector } from "@xstate/react";
import { Trans } from "@lingui/react/macro";
import { ConfirmDialog } from "../../ui/Dialog.tsx";
import { sessionActor } from "./session.ts";
import { isConfirmingLogout, isLoggingOut } from "../../../machines/session/session.selectors.ts";

/** SHELL-081: Log Out asks for confirmation. */
export function LogoutConfirm() {
  const open = useSelector(sessionActor, isConfirmingLogout);
  const pending = useSelector(sessionActor, isLoggingOut);
  return (
    <ConfirmDialog
      open={open}
      testId="logout-confirm"
      title={<Trans>Log out</Trans>}
      description={<Trans>Are you sure you want to log out?</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Log Out</Trans>}
      pending={pending}
      onCancel={() => sessionActor.send({ type: "user.cancelLogout" })}
      onConfirm={() => sessionActor.send({ type: "user.confirmLogout" })}
    />
  );
}
