/**
 * Labels (issue 12, LABEL-001..023): the chips an order shows, the label library, the editor of an
 * order's labels, and the labels field of an order filter. Every order list places these.
 */
/** @public the production list shows an order's labels as chips (LABEL-005) */
export { LabelChip, OrderLabels, type LabelView } from "./LabelChip.tsx";
/** @public every order list opens the library (LABEL-009..022) */
export { LabelLibraryButton, LabelLibraryModal } from "./LabelLibrary.tsx";
/** @public every order list and card opens an order's label editor (LABEL-023) and takes a label off (LABEL-020) */
export { EditableOrderLabels, LabelEditorButton, LabelEditorModal, OrderLabelsCell } from "./LabelEditor.tsx";
/** @public the order filters' labels field (PROD-022) */
export { LabelFilterField } from "./LabelFilterField.tsx";
/** @public the lists' search schemas read labelIds with the same parser as the server */
export { formatLabelIds, parseLabelIds } from "../../../domain/labels.ts";
/** @public the caller's labels (LABEL-010), for a list that shows the library itself */
export { labelQueries } from "./queries.ts";
