import { NavigationMenu } from "radix-ui";
import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { useSession } from "../session/index.ts";
import { visibleMenu, type MenuEntryId } from "../../../machines/session/session.selectors.ts";
import { shellQueries } from "./queries.ts";
import { FAILED_STATUS, MENU_LINKS, PENDING_STATUS, menuItemClass as itemClass } from "./menu.ts";
import { ChevronIcon } from "./icons.tsx";
import { NewOrderPanel, StatusPanel } from "./MenuPanels.tsx";

function Badge({ count, tone }: { count: number | undefined; tone: "error" | "warning" }) {
  if (!count) return null;
  return (
    <span
      data-testid={`badge-${tone}`}
      className={`ml-1 rounded-full px-1.5 text-[11px] leading-5 text-white ${tone === "error" ? "bg-red-700" : "bg-amber-700"}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

function MenuItem({ id, badges }: { id: MenuEntryId; badges?: Record<string, number> }) {
  const { i18n } = useLingui();
  const entry = MENU_LINKS[id];
  const label = i18n._(entry.label);
  const badge =
    id === "underProduction" ? (
      <Badge count={badges?.[FAILED_STATUS]} tone="error" />
    ) : id === "myOrder" ? (
      <Badge count={badges?.[PENDING_STATUS]} tone="warning" />
    ) : null;

  const panel = id === "newOrder" ? <NewOrderPanel /> : id === "underProduction" ? <StatusPanel /> : null;
  if (panel) {
    return (
      <NavigationMenu.Item value={id}>
        {/* The entry is one link: hovering (or focusing it and pressing the arrow keys) opens its panel. */}
        <NavigationMenu.Trigger asChild>
          <Link to={entry.to} className={itemClass} data-testid={`menu-${id}`} onClick={(e) => e.stopPropagation()}>
            {label}
            {badge}
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
        <Link
          to={entry.to}
          className={itemClass}
          activeOptions={{ exact: entry.to === "/" }}
          activeProps={{ className: "text-brand-accent-dark" }}
          data-testid={`menu-${id}`}
        >
          {label}
          {badge}
        </Link>
      </NavigationMenu.Link>
    </NavigationMenu.Item>
  );
}

const NO_ENTRIES: MenuEntryId[] = [];
const sameEntries = (a: MenuEntryId[], b: MenuEntryId[]) => a.join() === b.join();

/** The signed-in menu: entries by authority, badges, and the hover panels (loaded after sign-in). */
export function SignedInMenu() {
  const { t } = useLingui();
  const entries = useSession(visibleMenu, NO_ENTRIES, sameEntries);
  const badges = useQuery(shellQueries.badges());
  return (
    <NavigationMenu.Root delayDuration={100} className="relative min-w-0 flex-1" aria-label={t`Main menu`}>
      <NavigationMenu.List className="flex items-center">
        {entries.map((id) => (
          <MenuItem key={id} id={id} badges={badges.data} />
        ))}
      </NavigationMenu.List>
      <div className="absolute left-0 top-full">
        <NavigationMenu.Viewport className="relative mt-px h-[var(--radix-navigation-menu-viewport-height)] w-[var(--radix-navigation-menu-viewport-width)] overflow-hidden rounded-b-md border border-slate-200 bg-white shadow-lg data-[state=closed]:hidden" />
      </div>
    </NavigationMenu.Root>
  );
}
