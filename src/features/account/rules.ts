/** The account rules the views check (domain/subAccounts.ts): the repeat of a new password, a top-up amount. */
export { distributionCents, passwordsMatch } from "../../../domain/subAccounts.ts";
