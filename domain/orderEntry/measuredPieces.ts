import type { AddedPiece, SizeState } from "../measurements/sizeState.ts";

/**
 * Issue 20 §7: in a style order, a measurement the first piece's list asks is not asked again for a
 * further piece: a suit's list holds the trousers' parts (and the chest, waist ... a waistcoat shares),
 * so a further piece's list keeps only its own parts (a waistcoat's front and back length), and a piece
 * with none (the suit's trousers) has no list. The order sends each shared part of a piece with the
 * first piece's value of the same part (`withFirstPieceValues`), under the piece's own part id.
 */

/** The further pieces' parts the first piece's list asks: part id → the first piece's part id of the same name. */
export function partsOfFirstPiece(size: Pick<SizeState, "parts" | "pieces">): ReadonlyMap<number, number> {
  const byName = new Map(size.parts.map((part) => [part.name, part.id]));
  const shared = new Map<number, number>();
  for (const piece of size.pieces)
    for (const part of piece.parts) {
      const first = byName.get(part.name);
      if (first !== undefined) shared.set(part.id, first);
    }
  return shared;
}

/** The further pieces as step 3 asks them: each with its own parts only; a piece whose parts the first list asks, left out. */
export function piecesToMeasure(size: Pick<SizeState, "parts" | "pieces">): AddedPiece[] {
  const shared = partsOfFirstPiece(size);
  if (shared.size === 0) return size.pieces;
  return size.pieces.flatMap((piece) => {
    const own = piece.parts.filter((part) => !shared.has(part.id));
    return own.length === 0 && piece.parts.length > 0 ? [] : [{ ...piece, parts: own }];
  });
}

/** The sizes with each further piece's shared part given the first piece's value of the same part. */
export function withFirstPieceValues(size: SizeState): SizeState {
  const shared = partsOfFirstPiece(size);
  if (shared.size === 0) return size;
  const values = { ...size.values };
  for (const [partId, firstId] of shared) values[partId] = size.values[firstId] ?? "";
  return { ...size, values };
}
