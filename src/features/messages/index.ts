/**
 * The message centre and the contact form (issue 25, MSG-001..017, CONTACT-001..009).
 */
/** @public the /message route's page */
export { MessageCentrePage } from "./MessageCentrePage.tsx";
/** @public the /contect route's page */
export { ContactPage } from "./ContactPage.tsx";
