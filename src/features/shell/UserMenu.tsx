import { DropdownMenu } from "radix-ui";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { sendToSession } from "../session/index.ts";
import { ChevronIcon } from "./icons.tsx";

/** SHELL-080: the user dropdown with Log Out. */
export function UserMenu({ username }: { username: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-1 rounded px-2 py-2 text-sm text-slate-800 hover:bg-slate-100"
        aria-label={t`Account menu for ${username}`}
      >
        <span className="max-w-32 truncate">{username}</span>
        <ChevronIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-40 min-w-40 rounded border border-slate-200 bg-white py-1 shadow-lg"
        >
          <DropdownMenu.Item
            onSelect={() => void navigate({ to: "/user" })}
            className="cursor-pointer px-4 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
          >
            <Trans>Account centre</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => sendToSession({ type: "user.requestLogout" })}
            className="cursor-pointer px-4 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
          >
            <Trans>Log Out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
