import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { AnyRoute } from "@tanstack/react-router";
import "./app/index.css";
import { activateLocale, initialLocale } from "./app/i18n.ts";
import { hasStoredSession, loadSettledSession, preloadSessionWhenIdle } from "./features/session/index.ts";
import { App } from "./app/App.tsx";
import { router } from "./app/router.ts";
import { preloadSignedInMenus } from "./features/shell/index.ts";
import { NotOpenToAccount } from "./ui/notOpen.ts";

/**
 * Issue 21: the current page's route chunks and, with a stored session, the signed-in menus are fetched
 * now, alongside the catalog and the session machine, rather than one after the other once they run.
 */
function preloadCurrentPage(): void {
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = (router.routesById as unknown as Record<string, AnyRoute | undefined>)[String(match.routeId)];
    if (route) void Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
  }
  if (hasStoredSession()) preloadSignedInMenus();
}
preloadCurrentPage();

// A stored session needs the session machine before the first render (the guards and the menu read
// it); a visitor's page renders without it, and the machine loads once the page is idle. If its code
// cannot be fetched, the page still renders, signed out, and a click on Log in says to reload it.
// Issue 20 §4: a tab joining the browser's session renders once it knows whether it is signed in.
const sessionReady = hasStoredSession()
  ? loadSettledSession().then(
      () => true,
      () => false,
    )
  : Promise.resolve(false);
const [, sessionLoaded] = await Promise.all([activateLocale(initialLocale(), { remember: false }), sessionReady]);
createRoot(document.getElementById("root")!, {
  // A page not open to the account is an answer, not a fault: its view says so (src/ui/notOpen.ts). Every
  // other error a boundary catches is reported, with the components it was thrown in.
  onCaughtError: (error, info) => {
    if (!(error instanceof NotOpenToAccount)) console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
if (!sessionLoaded) preloadSessionWhenIdle();
