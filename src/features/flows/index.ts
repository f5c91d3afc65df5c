/** The flow pictures' public face: the pages the `/flows` routes show (each loaded with its route's split part). */
export { FlowsIndex } from "./FlowsIndex.tsx";
export { FlowPage } from "./FlowPage.tsx";
