import { useEffect } from "react";
import { Outlet, createRootRouteWithContext, useRouterState } from "@tanstack/react-router";
import type { RouterContext } from "../app/routeContext.ts";
import { Footer, Header } from "../features/shell/index.ts";
import { Overlays } from "../app/Overlays.tsx";

export const Route = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // SHELL-049: the scroll position resets to the top on every navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
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
