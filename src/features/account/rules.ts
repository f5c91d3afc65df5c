/** The account rules the views check (domain/subAccounts.ts): the repeat of a new password, a top-up amount, a monthly limit. */
export { distributionCents, monthlyLimitTextCents, passwordsMatch } from "../../../domain/subAccounts.ts";
