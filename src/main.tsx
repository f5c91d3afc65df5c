import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./app/index.css";
import { activateLocale, initialLocale } from "./app/i18n.ts";
import { hasStoredSession, loadSettledSession, preloadSessionWhenIdle } from "./features/session/index.ts";
import { App } from "./app/App.tsx";

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
const [, sessionLoaded] = await Promise.all([activateLocale(initialLocale()), sessionReady]);
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
if (!sessionLoaded) preloadSessionWhenIdle();
