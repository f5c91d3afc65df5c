import { createActor, fromPromise, waitFor } from "xstate";
import { msg } from "@lingui/core/macro";
import { sessionMachine, type SessionMachine } from "../../../machines/session/session.machine.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";
import { ApiError } from "../../api/errors.ts";
import { refreshByCookie, takeEarlyResume } from "./sharedRefresh.ts";
import { forgetLegacyTokens, forgetSession, hasSessionCookie, persistSession, storedAuthorities } from "./storage.ts";
import { onOtherTabs, tellOtherTabs } from "./tabs.ts";
import { inspectFlow } from "../../app/liveFlows.ts";
import { i18n } from "../../app/i18n.ts";
import { isRefreshingToken } from "../../../machines/session/session.selectors.ts";
import { attachSession } from "./running.ts";
import { api } from "../../api/client.ts";

/**
 * The session machine and its actor. This module is loaded through `sessionHandle.ts` (see there):
 * the first load of the home page does without it.
 */

export const isRefreshing = () => isRefreshingToken(sessionActor.getSnapshot());
export const whenRefreshed = async () => {
  await waitFor(sessionActor, (s) => !isRefreshingToken(s), { timeout: Infinity });
};

/**
 * Issue 21: the refresh the first chunk started (sharedRefresh.ts), taken once, now: the machine resumes when
 * there is one, even if its refusal has meanwhile removed the cookie (it then signs out quietly), and an
 * answer the machine did not use is never handed to a later resume.
 */
let early = takeEarlyResume();

/** The session machine bound to the API client and browser storage. */
export const boundSessionMachine: SessionMachine = sessionMachine.provide({
  actors: {
    login: fromPromise(async ({ input }) => {
      const { data, message } = unwrapWithMessage(
        await api.POST("/memberLogin", {
          params: { query: { username: input.username, password: input.password, rememberMe: input.remember } },
        }),
      );
      // SHELL-122: the menu authorities are fetched right after login, with the new token.
      const authorities = unwrap(
        await api.GET("/admin/memberdetail/getMemberAuthority", {
          params: { query: { authorityType: "MENU" } },
          headers: { Authorization: `Bearer ${data.token}` },
        }),
      );
      // The refresh token is the browser's httpOnly cookie (set by this answer); the tab keeps only the access token.
      return {
        tokens: { token: data.token },
        username: data.username,
        authorities: authorities.map((a) => a.code),
        message,
      };
    }),
    refresh: fromPromise(async ({ input }) => {
      const data = await refreshByCookie();
      // Another account signed in in this browser meanwhile: this tab's session has ended, it does not switch.
      if (data.username !== input.username)
        throw new ApiError("RTI", i18n._(msg`Your session has ended: another account signed in in this browser.`), 401);
      return { token: data.token };
    }),
    // Issue 20 §4: a new tab, or a reload, joins the browser's session.
    resume: fromPromise(async () => {
      // the first resume takes the early answer (taken when this module loaded); later ones ask anew
      const first = early;
      early = undefined;
      const data = await (first ?? refreshByCookie());
      return { tokens: { token: data.token }, username: data.username, authorities: storedAuthorities() };
    }),
    logout: fromPromise(async () => {
      unwrap(await api.POST("/logout"));
    }),
    loadAuthorities: fromPromise(async () => {
      const list = unwrap(
        await api.GET("/admin/memberdetail/getMemberAuthority", { params: { query: { authorityType: "MENU" } } }),
      );
      return list.map((a) => a.code);
    }),
  },
  actions: {
    persistSession: (_, session) => persistSession(session),
    forgetSession: () => forgetSession(),
  },
});

forgetLegacyTokens();

export const sessionActor = createActor(boundSessionMachine, {
  input: { restored: null, resume: early !== undefined || hasSessionCookie() },
  inspect: inspectFlow,
});
// Issue 20 §4: a sign-out here signs out every tab of the browser; a sign-in lets signed-out tabs join.
sessionActor.on("signedIn", () => tellOtherTabs({ type: "signedIn" }));
sessionActor.on("loggedOut", () => tellOtherTabs({ type: "signedOut" }));
onOtherTabs((message) => sessionActor.send({ type: message.type === "signedOut" ? "tab.signedOut" : "tab.signedIn" }));
attachSession({ sessionActor, isRefreshing, whenRefreshed });
sessionActor.start();
