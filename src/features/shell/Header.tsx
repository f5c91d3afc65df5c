import { Suspense, lazy, useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { sendToSession, useSession } from "../session/index.ts";
import { openCalculator } from "../calculator/index.ts";
import {
  MENU_ENTRIES,
  isSignedIn,
  selectUsername,
  visibleMenu,
  type MenuEntryId,
} from "../../../machines/session/session.selectors.ts";
import { MENU_LINKS, menuItemClass } from "./menu.ts";
import { DICT_ORDER_STATUS, DICT_ORDER_TYPES, shellQueries } from "./queries.ts";
import { CalculatorIcon, MenuIcon, MessageIcon, UserIcon } from "./icons.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { buttonVariants } from "../../ui/buttonVariants.ts";

// Signed-in parts load separately, so a visitor's first load stays small.
const loadSignedInMenu = () => import("./SignedInMenu.tsx");
const loadUserMenu = () => import("./UserMenu.tsx");
const SignedInMenu = lazy(() => loadSignedInMenu().then((m) => ({ default: m.SignedInMenu })));
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

/** A stored session's page fetches the signed-in menus with its other code, not after it (issue 21: fewer waves). */
export function preloadSignedInMenus(): void {
  void Promise.all([loadSignedInMenu(), loadUserMenu()]).catch(() => undefined);
}

/** The header's icon buttons: the Button primitive's ghost icon style (its class only: the first load stays small). */
const iconButton = buttonVariants({ variant: "ghost", size: "icon" });
const askToLogIn = () => sendToSession({ type: "user.openLogin", reason: "pleaseLogIn" });
/** A visitor's menu: every entry (SHELL-084). */
const VISITOR_MENU: MenuEntryId[] = MENU_ENTRIES.map((e) => e.id);
const sameEntries = (a: MenuEntryId[], b: MenuEntryId[]) => a.join() === b.join();

/**
 * The menu as plain entries: a visitor's menu (every entry but HOME asks to log in first,
 * SHELL-084, SHELL-085), and what a signed-in user sees while the full menu loads.
 */
function PlainMenu({ vertical = false, onChoose }: { vertical?: boolean; onChoose?: () => void }) {
  const { t, i18n } = useLingui();
  const signedIn = useSession(isSignedIn, false);
  const entries = useSession(visibleMenu, VISITOR_MENU, sameEntries);
  const itemClass = vertical ? `${menuItemClass} h-11 w-full` : menuItemClass;
  return (
    <nav className={vertical ? "" : "relative min-w-0 flex-1"} aria-label={t`Main menu`}>
      <ul className={vertical ? "flex flex-col py-1" : "flex items-center"}>
        {entries.map((id) => (
          <li key={id}>
            {id === "home" || signedIn ? (
              <Link to={MENU_LINKS[id].to} className={itemClass} data-testid={`menu-${id}`} onClick={onChoose}>
                {i18n._(MENU_LINKS[id].label)}
              </Link>
            ) : (
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  onChoose?.();
                  askToLogIn();
                }}
              >
                {i18n._(MENU_LINKS[id].label)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
/**
 * Below 1280 px the menu entries do not fit beside the logo and the icons: one button opens them as a
 * list under the header, so a narrow window keeps every entry without scrolling sideways.
 */
function CollapsedMenu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex-1 xl:hidden">
      <button
        type="button"
        className={iconButton}
        aria-label={t`Menu`}
        aria-expanded={open}
        aria-controls="collapsed-menu"
        data-testid="menu-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon />
      </button>
      {open && (
        <div
          id="collapsed-menu"
          className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 shadow-lg"
        >
          <PlainMenu vertical onChoose={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}

export function Header() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signedIn = useSession(isSignedIn, false);
  const username = useSession(selectUsername, "");
  // Fetched at once, while the signed-in menu's code loads: badges and the hover panels' lists.
  useQuery({ ...shellQueries.badges(), enabled: signedIn });
  const unread = useQuery({ ...shellQueries.unreadMessages(), enabled: signedIn }).data ?? 0;
  useQuery({ ...shellQueries.categories(7), enabled: signedIn });
  useQuery({ ...shellQueries.categories(8), enabled: signedIn });
  useQuery({ ...shellQueries.dictionary(DICT_ORDER_TYPES), enabled: signedIn });
  useQuery({ ...shellQueries.dictionary(DICT_ORDER_STATUS), enabled: signedIn });

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      {/* The header is as wide as the window (at most 1440 px): a fixed width overflowed it (issue 20). */}
      <div className="relative mx-auto flex h-16 w-full max-w-[1440px] items-center px-4 xl:px-6">
        <Link
          to="/"
          className="mr-2 flex shrink-0 items-center gap-2 whitespace-nowrap min-[1440px]:mr-4"
          aria-label={t`MTM Tailoring home`}
        >
          <img src="/img/logo.svg" alt="" width="36" height="36" />
          {/* The name only where the whole menu fits beside it. */}
          <span className="hidden text-lg font-bold tracking-wider text-brand min-[1440px]:inline">MTM TAILOR</span>
        </Link>
        <CollapsedMenu />
        <div className="hidden min-w-0 flex-1 xl:flex">
          {signedIn ? (
            <Suspense fallback={<PlainMenu />}>
              <SignedInMenu />
            </Suspense>
          ) : (
            <PlainMenu />
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <LanguageSwitch />
          <button
            type="button"
            aria-label={signedIn && unread > 0 ? t`Messages, ${unread} unread` : t`Messages`}
            className={`${iconButton} relative`}
            data-testid="header-messages"
            onClick={() => (signedIn ? void navigate({ to: "/message" }) : askToLogIn())}
          >
            <MessageIcon />
            {/* Issue 25: the unread count of the message centre */}
            {signedIn && unread > 0 && (
              <span
                aria-hidden="true"
                data-testid="header-unread"
                className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-semibold text-white"
              >
                {unread > 99 ? "99+" : unread}
              </span>
            )}
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={t`Price calculator`}
            onClick={() => (signedIn ? openCalculator() : askToLogIn())}
          >
            <CalculatorIcon />
          </button>
          {/* SHELL-079: the user icon opens the login modal when logged out, otherwise the user page */}
          <button
            type="button"
            className={iconButton}
            aria-label={signedIn ? t`My account` : t`Log in`}
            onClick={() => (signedIn ? void navigate({ to: "/user" }) : sendToSession({ type: "user.openLogin" }))}
          >
            <UserIcon />
          </button>
          {signedIn && (
            <Suspense fallback={<span className="max-w-32 truncate px-2 text-sm text-slate-800">{username}</span>}>
              <UserMenu username={username} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
