import { useEffect } from "react";
import { Outlet, createRootRouteWithContext, useRouterState } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import type { RouterContext } from "../app/routeContext.ts";
import { Footer, Header } from "../features/shell/index.ts";
import { Overlays } from "../app/Overlays.tsx";
import { SITE_TITLE, pageTitle } from "../app/titles.ts";

export const Route = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // SHELL-049: the scroll position resets to the top on every navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // The tab names the page, in the user's language ("Billing · MTM Tailoring Portal").
  const { i18n } = useLingui();
  const title = useRouterState({ select: (s) => pageTitle(s.matches.map((m) => m.routeId)) });
  useEffect(() => {
    const site = i18n._(SITE_TITLE);
    document.title = title ? `${i18n._(title)} · ${site}` : site;
  }, [title, i18n, i18n.locale]);
  return (
    <div className="min-h-screen">
      <Header />
      <Outlet />
      {/* SHELL-086: the footer is shown only on the home route */}
      {pathname === "/" && <Footer />}
      <Overlays />
    </div>
  );
}
