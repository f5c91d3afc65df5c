import { useSelector } from "@xstate/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Modal } from "../../ui/Dialog.tsx";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { sessionActor } from "./session.ts";
import {
  isLoginOpen,
  isSessionBusy,
  selectLoginError,
  selectLoginFieldErrors,
  selectLoginForm,
  selectLoginNotice,
} from "../../../machines/session/session.selectors.ts";
import { noticeText } from "./notices.ts";

/** SHELL-089..091: the login modal (width 710); Enter submits through the form. */
export function LoginModal() {
  const { t } = useLingui();
  const open = useSelector(sessionActor, isLoginOpen);
  const form = useSelector(sessionActor, selectLoginForm);
  const fieldErrors = useSelector(sessionActor, selectLoginFieldErrors);
  const loginError = useSelector(sessionActor, selectLoginError);
  const notice = useSelector(sessionActor, selectLoginNotice);
  const pending = useSelector(sessionActor, isSessionBusy);
  const labels = { username: t`Username`, password: t`Password` };

  return (
    <Modal
      open={open}
      onClose={() => sessionActor.send({ type: "user.closeLogin" })}
      title={t`Log in`}
      width={710}
      testId="login-modal"
    >
      {notice && (
        <p role="status" className="mb-4 rounded bg-sky-50 px-4 py-2 text-sm text-sky-900">
          {noticeText(notice)}
        </p>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          sessionActor.send({ type: "user.submitLogin" });
        }}
        className="space-y-5"
      >
        {(["username", "password"] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`login-${field}`} className="mb-1 block text-sm font-medium text-slate-800">
              {labels[field]}
            </label>
            <input
              id={`login-${field}`}
              name={field}
              type={field === "password" ? "password" : "text"}
              autoComplete={field === "password" ? "current-password" : "username"}
              value={form[field]}
              aria-invalid={fieldErrors[field] ? true : undefined}
              aria-describedby={fieldErrors[field] ? `login-${field}-error` : undefined}
              onChange={(e) => sessionActor.send({ type: "user.edit", field, value: e.target.value })}
              className="w-full rounded border border-slate-400 px-3 py-2 aria-[invalid]:border-red-600"
            />
            {fieldErrors[field] && (
              <p
                id={`login-${field}-error`}
                className="mt-1 text-sm text-red-700"
              >{t`${labels[field]} cannot be empty`}</p>
            )}
          </div>
        ))}
        <Checkbox
          id="login-remember"
          checked={form.remember}
          onCheckedChange={(value) => sessionActor.send({ type: "user.setRemember", value })}
          label={<Trans>Remember me</Trans>}
        />
        {loginError && (
          <p role="alert" className="text-sm text-red-700">
            {noticeText(loginError)}
          </p>
        )}
        <Button type="submit" pending={pending} size="lg" block>
          {pending ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </Button>
      </form>
    </Modal>
  );
}
