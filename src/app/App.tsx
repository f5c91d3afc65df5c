import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { currentLocale, i18n } from "./i18n.ts";
import { registerShellHooks } from "../api/client.ts";
import { queryClient } from "./queryClient.ts";
import { router } from "./router.ts";
import { noticeText, whenSessionLoaded, type SessionActor } from "../features/session/index.ts";
import { selectNotice } from "../../machines/session/session.selectors.ts";
import { safeRedirect } from "./routeContext.ts";
import { toasts } from "../ui/toast.ts";

/** The shell's hooks in the API client: requests speak the active language (API-003); HTTP errors are a warning toast (SHELL-135). */
registerShellHooks({ getLocale: currentLocale, httpError: (message) => toasts.show("warning", message) });

/** API-007, SHELL-128, SHELL-134: the session's notice becomes a toast, then is dismissed. */
function toastNotice(sessionActor: SessionActor, kind: "success" | "error") {
  const notice = selectNotice(sessionActor.getSnapshot());
  if (!notice) return;
  toasts.show(kind, noticeText(notice));
  sessionActor.send({ type: "user.dismissNotice" });
}

/**
 * Moves the app when the session changes: back to the target after sign-in, home after logout.
 * Followed from the moment the session machine has loaded, for the page's life (not from a React
 * effect, which runs after the first render: a stored session that the server has ended answers
 * early, and its notice must not be missed).
 */
whenSessionLoaded(({ sessionActor }) => {
  /** On to the page the guard held back (its `redirect`), if there is one: whether the app moved. */
  const goToRedirect = () => {
    const target = safeRedirect((router.state.location.search as { redirect?: unknown }).redirect);
    if (target) router.history.push(target);
    return target !== undefined;
  };
  sessionActor.on("signedIn", () => {
    toastNotice(sessionActor, "success");
    if (!goToRedirect()) void router.invalidate();
  });
  // Issue 20 §4: joined the browser's session (another tab signed in)
  sessionActor.on("joined", () => void goToRedirect());
  // SHELL-082: after logout the user returns to the site root
  sessionActor.on("loggedOut", () => {
    queryClient.clear();
    void router.navigate({ to: "/" });
  });
  // SHELL-134: an ended session re-runs the guards, which send the user home with a redirect
  sessionActor.on("sessionEnded", () => {
    toastNotice(sessionActor, "error");
    queryClient.clear();
    void router.invalidate();
  });
});

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  );
}
