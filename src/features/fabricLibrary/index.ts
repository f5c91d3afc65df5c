/** The fabric library (001 §2 "Fabric library", FAB-001..009): its page. */
export { FabricLibraryPage } from "./FabricLibraryPage.tsx";
