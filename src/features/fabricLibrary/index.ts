/** The fabric library (001 §2 "Fabric library", FAB-001..009): its page and its reads. */
export { FabricLibraryPage } from "./FabricLibraryPage.tsx";
export { fabricLibraryQueries, type FabricLibrarySearch } from "./queries.ts";
