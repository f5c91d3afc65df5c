/** The customer book (issue 24): the list, the details and their modals. */
export { CustomerListPage } from "./CustomerListPage.tsx";
export { CustomerDetailsPage } from "./CustomerDetailsPage.tsx";
