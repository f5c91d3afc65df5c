import { useState } from "react";
import { NavigationMenu, Tabs } from "radix-ui";
import { Link, useNavigate } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSession } from "../session/index.ts";
import { newOrderTabs } from "../../../machines/session/session.selectors.ts";
import { DICT_ORDER_STATUS, DICT_ORDER_TYPES, shellQueries } from "./queries.ts";
import { PROFESSIONAL_FORM_KEY, newOrderTarget } from "./menu.ts";
import { Img } from "../../ui/Img.tsx";

const NO_TABS: Array<7 | 8 | 9> = [];
const sameTabs = (a: Array<7 | 8 | 9>, b: Array<7 | 8 | 9>) => a.join() === b.join();

/** SHELL-064..071: order-type tabs and the category grid (centred when 8 or fewer). */
export function NewOrderPanel() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const tabs = useSession(newOrderTabs, NO_TABS, sameTabs);
  const [tab, setTab] = useState<7 | 8 | 9>(tabs[0] ?? 7);
  const orderTypes = useQuery(shellQueries.dictionary(DICT_ORDER_TYPES));
  const categories = useQuery(shellQueries.categories(tab === 8 ? 8 : 7));
  if (tabs.length === 0) return null;
  const tabName = (id: 7 | 8 | 9) =>
    id === 9 ? t`New order` : (orderTypes.data?.find((o) => o.id === id)?.name ?? String(id));
  const list = categories.data ?? [];
  return (
    <Tabs.Root value={String(tab)} onValueChange={(v) => setTab(Number(v) as 7 | 8 | 9)} className="w-[960px] p-6">
      <Tabs.List aria-label={t`Order type`} className="mb-4 flex gap-2 border-b border-slate-200">
        {tabs.map((id) => (
          <Tabs.Trigger
            key={id}
            value={String(id)}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 data-[state=active]:border-brand data-[state=active]:text-brand"
          >
            {tabName(id)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={String(tab)}>
        <ul
          data-testid="category-grid"
          data-centred={list.length <= 8}
          className={`grid grid-cols-8 gap-4 ${list.length <= 8 ? "justify-items-center" : ""}`}
          style={
            list.length <= 8
              ? { gridTemplateColumns: `repeat(${list.length}, minmax(0, 100px))`, justifyContent: "center" }
              : undefined
          }
        >
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
export function StatusPanel() {
  const statuses = useQuery(shellQueries.dictionary(DICT_ORDER_STATUS));
  return (
    <ul className="w-56 py-2" data-testid="status-list">
      <li>
        <NavigationMenu.Link asChild>
          <Link to="/underProduction" className="block px-4 py-2 text-sm hover:bg-slate-50">
            <Trans>All</Trans>
          </Link>
        </NavigationMenu.Link>
      </li>
      {(statuses.data ?? []).map((s) => (
        <li key={s.id}>
          <NavigationMenu.Link asChild>
            <Link to="/underProduction" search={{ status: s.id }} className="block px-4 py-2 text-sm hover:bg-slate-50">
              {s.name}
            </Link>
          </NavigationMenu.Link>
        </li>
      ))}
    </ul>
  );
}
