import type { OrderEntryRef } from "./orderEntryRef.ts";

type Snap = ReturnType<OrderEntryRef["getSnapshot"]>;
type PieceEdit = Extract<Parameters<OrderEntryRef["send"]>[0], { type: "user.editPiece" }>["edit"];

const NO_PICKS = { crafts: { selected: [] as number[], texts: {} as Record<number, string> }, monogram: [] };

/**
 * PO-002: which garment piece a crafts view shows: the order's own category (`piece` undefined, as in
 * the quick and simple orders) or a further piece of the professional order, with its own picks.
 */
export const picksOf = (s: Snap, piece: number | undefined) =>
  piece === undefined
    ? { crafts: s.context.crafts, monogram: s.context.monogram }
    : (s.context.pieceCrafts[piece] ?? NO_PICKS);
/** A craft or monogram edit, sent for the piece it belongs to. */
export const sendEdit = (order: OrderEntryRef, piece: number | undefined, edit: PieceEdit) =>
  order.send(piece === undefined ? edit : { type: "user.editPiece", piece, edit });
/** The field id of a piece's control (the professional order's refusals name a further piece's fields so). */
export const pieceField = (piece: number | undefined, what: string) =>
  piece === undefined ? what : `piece.${piece}.${what}`;
