/** Body-posture styles of order entry (000 §3 "Body-posture spec", §4; QO-042, QO-096, QO-099). */
export interface PostureDetail {
  id: number;
  name: string;
  description: string;
  /** The picture, served by `GET pc/dict/postureImage/{id}`. */
  imagePath: string;
}

export interface PostureSpec {
  id: number;
  name: string;
  details: PostureDetail[];
  /** The customer's stored choice (a customer given), else the spec's normal detail. */
  chooseId: number;
}

/**
 * QO-096, QO-099: one chosen detail per spec. A detail in `kept` (an opened order's bodyTypeList)
 * wins; otherwise the spec's `chooseId` (the customer's choice or the default) is preselected.
 */
export function initialPostureChoices(specs: readonly PostureSpec[], kept: readonly number[]): number[] {
  return specs.flatMap((spec) => {
    const keptDetail = spec.details.find((d) => kept.includes(d.id));
    if (keptDetail) return [keptDetail.id];
    return spec.details.some((d) => d.id === spec.chooseId) ? [spec.chooseId] : [];
  });
}

/** The spec a detail belongs to, or undefined for an id no loaded spec offers. */
export const specOfDetail = (specs: readonly PostureSpec[], detailId: number) =>
  specs.find((spec) => spec.details.some((d) => d.id === detailId));

/** A radio pick: the detail replaces the spec's previous one (at most one per spec, as the server checks). */
export function pickPosture(specs: readonly PostureSpec[], chosen: readonly number[], detailId: number): number[] {
  const spec = specOfDetail(specs, detailId);
  if (!spec) return [...chosen];
  return [...chosen.filter((id) => !spec.details.some((d) => d.id === id)), detailId];
}
