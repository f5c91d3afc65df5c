import { createActor, fromPromise, waitFor } from "xstate";
import { sessionMachine, type SessionMachine } from "../../../machines/session/session.machine.ts";
import { unwrap, unwrapWithMessage } from "../../api/envelope.ts";
import { sharedRefresh } from "./sharedRefresh.ts";
import { forgetSession, persistSession } from "./storage.ts";
import { inspector } from "../../app/inspect.ts";
import { isRefreshingToken } from "../../../machines/session/session.selectors.ts";
import { attachSession, storedAtStart } from "./running.ts";
import { api } from "../../api/client.ts";

/**
 * The session machine and its actor. This module is loaded through `sessionHandle.ts` (see there):
 * the first load of the home page does without it.
 */

export const isRefreshing = () => isRefreshingToken(sessionActor.getSnapshot());
export const whenRefreshed = async () => {
  await waitFor(sessionActor, (s) => !isRefreshingToken(s), { timeout: Infinity });
};

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
      return {
        tokens: { token: data.token, refreshToken: data.refreshToken },
        username: data.username,
        authorities: authorities.map((a) => a.code),
        message,
      };
    }),
    // Issue 9 §4: one refresh for every tab of the session (sharedRefresh.ts).
    refresh: fromPromise(({ input }) =>
      sharedRefresh(input, async (refreshToken) => {
        const data = unwrap(await api.POST("/refreshToken", { body: { refreshToken } }));
        return { token: data.token, refreshToken: data.refreshToken };
      }),
    ),
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

export const sessionActor = createActor(boundSessionMachine, {
  input: { restored: storedAtStart },
  inspect: inspector?.inspect,
});
attachSession({ sessionActor, isRefreshing, whenRefreshed });
sessionActor.start();
