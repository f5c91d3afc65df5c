/** The account centre and the sub-accounts (issue 22). */
export { AccountPage } from "./AccountPage.tsx";
export { SubAccountPage } from "./SubAccountPage.tsx";
export { accountQueries } from "./queries.ts";
