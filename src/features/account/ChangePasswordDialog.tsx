import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { passwordsMatch } from "./rules.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Dialog.tsx";
import { Field, controlVariants } from "../../ui/Field.tsx";
import { toasts } from "../../ui/toast.ts";
import { sendToSession } from "../session/index.ts";
import { changePassword } from "./queries.ts";

type FieldName = "originalPassword" | "password" | "repeat";

/** ACCT-016: the delay before this session is signed out after a password change (001 §9). */
export const PASSWORD_LOGOUT_DELAY_MS = 500;

/**
 * The change-password dialog (ACCT-010, ACCT-015..020): three required fields, each with its message;
 * the repeat must equal the new password ("the two passwords are inconsistent", checked here only);
 * the server's refusal (a wrong original password) under the original's field. On success the other
 * sessions are ended by the server and this one signs out after 500 ms.
 */
export function ChangePasswordDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState<Record<FieldName, string>>({ originalPassword: "", password: "", repeat: "" });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pending, setPending] = useState(false);
  const edit = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const submit = async () => {
    const found: Partial<Record<FieldName, string>> = {};
    // ACCT-017, ACCT-018, ACCT-019
    if (!values.originalPassword) found.originalPassword = t`Please enter the original password`;
    if (!values.password) found.password = t`Please enter the new password`;
    if (!values.repeat) found.repeat = t`Please enter the new password again`;
    // ACCT-020
    else if (!passwordsMatch(values.password, values.repeat)) found.repeat = t`the two passwords are inconsistent`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const { message } = await changePassword({
        originalPassword: values.originalPassword,
        password: values.password,
      });
      toasts.show("success", message);
      // ACCT-016: signed out after 500 ms.
      setTimeout(() => {
        sendToSession({ type: "user.requestLogout" });
        sendToSession({ type: "user.confirmLogout" });
      }, PASSWORD_LOGOUT_DELAY_MS);
      props.onClose();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setErrors({ originalPassword: text });
      toasts.show("error", text);
    } finally {
      setPending(false);
    }
  };
  const field = (name: FieldName, label: string) => (
    <Field id={`password-${name}`} name={name} label={label} required error={errors[name] ?? null}>
      {(control, invalid) => (
        <input
          {...control}
          type="password"
          autoComplete={name === "originalPassword" ? "current-password" : "new-password"}
          className={controlVariants({ invalid })}
          value={values[name]}
          onChange={(e) => edit(name, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={<Trans>Change password</Trans>}
      width={480}
      testId="change-password"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button pending={pending} onClick={() => void submit()}>
            <Trans>Confirm</Trans>
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {field("originalPassword", t`Original password`)}
        {field("password", t`New password`)}
        {field("repeat", t`Repeat the new password`)}
      </form>
    </Modal>
  );
}
