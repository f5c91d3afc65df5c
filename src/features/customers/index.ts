/** The customer book (issue 24): the list, the details and their modals. */
export { CustomerListPage } from "./CustomerListPage.tsx";
export { CustomerDetailsPage } from "./CustomerDetailsPage.tsx";
export { SaveBackPrompt, saveBack } from "./SaveBackPrompt.tsx";
export { PlausibilityNotes } from "./PlausibilityNotes.tsx";
export { AppointmentsPage } from "./AppointmentsPage.tsx";
export { useOrderStart, type OrderStart } from "./orderStart.ts";
