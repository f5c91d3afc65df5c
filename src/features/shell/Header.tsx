import { useState } from "react";
import { DropdownMenu, NavigationMenu, Tabs } from "radix-ui";
import { Link, useNavigate } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { sessionActor } from "../session/session.ts";
import { calculatorActor } from "../calculator/calculator.ts";
import { isSignedIn, newOrderTabs, visibleMenu, type MenuEntryId } from "../../../machines/session/session.selectors.ts";
import { DICT_ORDER_STATUS, DICT_ORDER_TYPES, shellQueries } from "./queries.ts";
import { FAILED_STATUS, MENU_LINKS, PENDING_STATUS, PROFESSIONAL_FORM_KEY, newOrderTarget } from "./menu.ts";
import { CalculatorIcon, ChevronIcon, MessageIcon, UserIcon } from "./icons.tsx";
import { Img } from "../../ui/Img.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

const askToLogIn = () => sessionActor.send({ type: "user.openLogin", reason: "pleaseLogIn" });
const itemClass = "flex h-16 items-center gap-1 whitespace-nowrap px-3 text-[13px] font-semibold tracking-wide text-slate-800 hover:text-brand-accent-dark";

function Badge({ count, tone }: { count: number | undefined; tone: "error" | "warning" }) {
  if (!count) return null;
  return (
    <span data-testid={`badge-${tone}`} className={`ml-1 rounded-full px-1.5 text-[11px] leading-5 text-white ${tone === "error" ? "bg-red-700" : "bg-amber-700"}`}>
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** SHELL-064..071: order-type tabs and the category grid (centred when 8 or fewer). */
function NewOrderPanel() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const tabs = useSelector(sessionActor, newOrderTabs);
  const [tab, setTab] = useState<7 | 8 | 9>(tabs[0] ?? 7);
  const orderTypes = useQuery(shellQueries.dictionary(DICT_ORDER_TYPES));
  const categories = useQuery(shellQueries.categories(tab === 8 ? 8 : 7));
  if (tabs.length === 0) return null;
  const tabName = (id: 7 | 8 | 9) => (id === 9 ? t`New order` : orderTypes.data?.find((o) => o.id === id)?.name ?? String(id));
  const list = categories.data ?? [];
  return (
    <Tabs.Root value={String(tab)} onValueChange={(v) => setTab(Number(v) as 7 | 8 | 9)} className="w-[960px] p-6">
      <Tabs.List aria-label={t`Order type`} className="mb-4 flex gap-2 border-b border-slate-200">
        {tabs.map((id) => (
          <Tabs.Trigger key={id} value={String(id)} className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 data-[state=active]:border-brand data-[state=active]:text-brand">
            {tabName(id)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={String(tab)}>
        <ul data-testid="category-grid" data-centred={list.length <= 8} className={`grid grid-cols-8 gap-4 ${list.length <= 8 ? "justify-items-center" : ""}`} style={list.length <= 8 ? { gridTemplateColumns: `repeat(${list.length}, minmax(0, 100px))`, justifyContent: "center" } : undefined}>
          {list.map((c) => (
            <li key={c.id}>
              <NavigationMenu.Link asChild>
                <button
                  type="button"
                  onClick={() => {
                    // SHELL-071: going to the professional order drops its saved form data
                    if (tab === 8) sessionStorage.removeItem(PROFESSIONAL_FORM_KEY);
                    void navigate({ to: newOrderTarget(tab), search: { id: c.id } });
                  }}
                  className="flex w-[100px] flex-col items-center gap-2 rounded p-2 text-center text-xs text-slate-800 hover:bg-slate-50"
                >
                  <Img src={c.imagePath} alt="" className="h-[120px] w-[80px] object-contain" />
                  <span>{c.name}</span>
                </button>
              </NavigationMenu.Link>
            </li>
          ))}
        </ul>
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** SHELL-072, SHELL-073: the status list, "all" first. */
function StatusPanel() {
  const statuses = useQuery(shellQueries.dictionary(DICT_ORDER_STATUS));
  return (
    <ul className="w-56 py-2" data-testid="status-list">
      <li>
        <NavigationMenu.Link asChild>
          <Link to="/underProduction" className="block px-4 py-2 text-sm hover:bg-slate-50"><Trans>All</Trans></Link>
        </NavigationMenu.Link>
      </li>
      {(statuses.data ?? []).map((s) => (
        <li key={s.id}>
          <NavigationMenu.Link asChild>
            <Link to="/underProduction" search={{ status: s.id }} className="block px-4 py-2 text-sm hover:bg-slate-50">{s.name}</Link>
          </NavigationMenu.Link>
        </li>
      ))}
    </ul>
  );
}

function MenuItem({ id, signedIn, badges }: { id: MenuEntryId; signedIn: boolean; badges?: Record<string, number> }) {
  const { i18n } = useLingui();
  const entry = MENU_LINKS[id];
  const label = i18n._(entry.label);
  const badge = id === "underProduction" ? <Badge count={badges?.[FAILED_STATUS]} tone="error" /> : id === "myOrder" ? <Badge count={badges?.[PENDING_STATUS]} tone="warning" /> : null;

  // SHELL-084, SHELL-085: logged out, every entry but HOME asks to log in first.
  if (!signedIn && id !== "home") {
    return (
      <NavigationMenu.Item>
        <button type="button" className={itemClass} onClick={askToLogIn}>{label}</button>
      </NavigationMenu.Item>
    );
  }
  const panel = signedIn && id === "newOrder" ? <NewOrderPanel /> : signedIn && id === "underProduction" ? <StatusPanel /> : null;
  if (panel) {
    return (
      <NavigationMenu.Item value={id}>
        {/* The entry is one link: hovering (or focusing it and pressing the arrow keys) opens its panel. */}
        <NavigationMenu.Trigger asChild>
          <Link to={entry.to} className={itemClass} data-testid={`menu-${id}`} onClick={(e) => e.stopPropagation()}>
            {label}{badge}
            <ChevronIcon />
          </Link>
        </NavigationMenu.Trigger>
        <NavigationMenu.Content className="absolute left-0 top-0">{panel}</NavigationMenu.Content>
      </NavigationMenu.Item>
    );
  }
  return (
    <NavigationMenu.Item>
      <NavigationMenu.Link asChild>
        <Link to={entry.to} className={itemClass} activeOptions={{ exact: entry.to === "/" }} activeProps={{ className: "text-brand-accent-dark" }} data-testid={`menu-${id}`}>
          {label}{badge}
        </Link>
      </NavigationMenu.Link>
    </NavigationMenu.Item>
  );
}

export function Header() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signedIn = useSelector(sessionActor, isSignedIn);
  const entries = useSelector(sessionActor, visibleMenu, (a, b) => a.join() === b.join());
  const username = useSelector(sessionActor, (s) => s.context.session?.username ?? "");
  const badges = useQuery({ ...shellQueries.badges(), enabled: signedIn });
  // The hover panels open instantly: their lists are fetched as soon as the user is signed in.
  useQuery({ ...shellQueries.categories(7), enabled: signedIn });
  useQuery({ ...shellQueries.categories(8), enabled: signedIn });
  useQuery({ ...shellQueries.dictionary(DICT_ORDER_TYPES), enabled: signedIn });
  useQuery({ ...shellQueries.dictionary(DICT_ORDER_STATUS), enabled: signedIn });
  const iconClass = "rounded p-2 text-slate-700 hover:bg-slate-100 hover:text-brand";

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 w-[1440px] items-center px-8">
        <Link to="/" className="mr-6 flex shrink-0 items-center gap-2 whitespace-nowrap" aria-label={t`MTM Tailoring home`}>
          <img src="/img/logo.svg" alt="" width="36" height="36" />
          <span className="text-lg font-bold tracking-wider text-brand">MTM TAILOR</span>
        </Link>
        <NavigationMenu.Root delayDuration={100} className="relative flex-1" aria-label={t`Main menu`}>
          <NavigationMenu.List className="flex items-center">
            {entries.map((id) => <MenuItem key={id} id={id} signedIn={signedIn} badges={badges.data} />)}
          </NavigationMenu.List>
          <div className="absolute left-0 top-full">
            <NavigationMenu.Viewport className="relative mt-px h-[var(--radix-navigation-menu-viewport-height)] w-[var(--radix-navigation-menu-viewport-width)] overflow-hidden rounded-b-md border border-slate-200 bg-white shadow-lg data-[state=closed]:hidden" />
          </div>
        </NavigationMenu.Root>
        <div className="flex items-center gap-1">
          <LanguageSwitch />
          <button type="button" aria-label={t`Messages`} className={iconClass} onClick={() => (signedIn ? void navigate({ to: "/message" }) : askToLogIn())}>
            <MessageIcon />
          </button>
          <button type="button" aria-label={t`Price calculator`} className={iconClass} onClick={() => (signedIn ? calculatorActor.send({ type: "user.open" }) : askToLogIn())}>
            <CalculatorIcon />
          </button>
          {/* SHELL-079: the user icon opens the login modal when logged out, otherwise the user page */}
          <button type="button" aria-label={signedIn ? t`My account` : t`Log in`} className={iconClass} onClick={() => (signedIn ? void navigate({ to: "/user" }) : sessionActor.send({ type: "user.openLogin" }))}>
            <UserIcon />
          </button>
          {signedIn && (
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger className="flex items-center gap-1 rounded px-2 py-2 text-sm text-slate-800 hover:bg-slate-100" aria-label={t`Account menu for ${username}`}>
                <span>{username}</span>
                <ChevronIcon />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="end" sideOffset={6} className="z-40 min-w-40 rounded border border-slate-200 bg-white py-1 shadow-lg">
                  <DropdownMenu.Item onSelect={() => void navigate({ to: "/user" })} className="cursor-pointer px-4 py-2 text-sm outline-none data-[highlighted]:bg-slate-100">
                    <Trans>Account centre</Trans>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item onSelect={() => sessionActor.send({ type: "user.requestLogout" })} className="cursor-pointer px-4 py-2 text-sm outline-none data-[highlighted]:bg-slate-100">
                    <Trans>Log Out</Trans>
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          )}
        </div>
      </div>
    </header>
  );
}
