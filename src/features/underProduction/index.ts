/** The under-production list (ORDER LIST, /underProduction; 002 §2): its page and its reads. */
export { UnderProductionPage } from "./UnderProductionPage.tsx";
export { productionQueries } from "./queries.ts";
