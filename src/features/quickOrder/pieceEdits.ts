import type { OrderEntryRef } from "./orderEntryRef.ts";

type PieceEdit = Extract<Parameters<OrderEntryRef["send"]>[0], { type: "user.editPiece" }>["edit"];

/**
 * PO-002: a craft or monogram edit, sent for the piece it belongs to: the order's own category (`piece`
 * undefined, as in the quick and simple orders) or a further piece of the professional order (its picks
 * are read through `selectPiecePicks` of machines/orderEntry/selectors.ts).
 */
export const sendEdit = (order: OrderEntryRef, piece: number | undefined, edit: PieceEdit) =>
  order.send(piece === undefined ? edit : { type: "user.editPiece", piece, edit });
/** The field id of a piece's control (the professional order's refusals name a further piece's fields so). */
export const pieceField = (piece: number | undefined, what: string) =>
  piece === undefined ? what : `piece.${piece}.${what}`;
