/** A refusal without the field it names, for the tests that compare its message key and values. */
export function withoutField<T>(refusal: T): T {
  if (refusal === null || typeof refusal !== "object" || !("field" in refusal)) return refusal;
  const { field: _field, ...rest } = refusal as Record<string, unknown>;
  return rest as T;
}
