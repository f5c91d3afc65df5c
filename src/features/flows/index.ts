/** The flow diagrams' public face: the page the `/flows` route shows. */
export { FlowsPage } from "./FlowsPage.tsx";
