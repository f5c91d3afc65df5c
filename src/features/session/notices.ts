import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Notice } from "../../../machines/shared/messages.ts";
import { i18n } from "../../app/i18n.ts";

/** Every message key a machine may carry, with its English text (translated through Lingui). */
const descriptors: Record<string, MessageDescriptor> = {
  "login.pleaseLogIn": msg`Please log in first`,
  "login.failed": msg`Login failed`,
  "login.networkFailed": msg`Login failed, please check network connection`,
  "login.success": msg`Login success`,
  "calc.orderTypeRequired": msg`Please select order type`,
  "calc.categoryRequired": msg`Please select cloth code`,
  "calc.fabricRequired": msg`Please select fabric code`,
  "calc.liningRequired": msg`Please select lining code`,
  "calc.failed": msg`The price could not be calculated`,
};

/** The text of a machine notice in the active language. */
export function noticeText(notice: Notice): string {
  if ("text" in notice) return notice.text;
  const descriptor = descriptors[notice.key];
  return descriptor ? i18n._(descriptor) : notice.key;
}
