import * as z from "zod/mini";

/**
 * Search-parameter schemas shared by the routes (zod 4, passed to `validateSearch` as a Standard
 * Schema). A malformed value is dropped, never thrown: a typed or old link still opens its page.
 * The router has already parsed the query as JSON, so `?id=12` arrives as the number 12.
 *
 * The one home of the parameter builders and of every list's paging (`listSearchShape`). An area's
 * list extends the paging with its own fields beside the area (e.g. the order lists' address in
 * `src/routes/_auth/-orderListSearch.ts`) and its route passes `searchSchema({ ...shape })`.
 */

/** A positive integer, from a number or a string of one (`"12"`, `" 12 "`); anything else is dropped. */
export const intParam = z.optional(
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.number(), z.pipe(z.string().check(z.trim(), z.minLength(1)), z.transform(Number))]),
        z.number().check(z.int(), z.positive()),
      ),
    ),
    undefined,
  ),
);

/** A text of 1..200 characters (not only blanks); a number (`?orderNum=2026`) is read as its text. */
export const textParam = z.optional(
  z.catch(
    z.optional(z.union([z.pipe(z.number(), z.transform(String)), z.string().check(z.regex(/\S/), z.maxLength(200))])),
    undefined,
  ),
);

/** A calendar date YYYY-MM-DD (the order lists' filter dates); anything else is dropped. */
export const dateParam = z.optional(
  z.catch(z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/))), undefined),
);

/** Keeps only the defined entries, so links and redirects stay clean. */
export function compact<T extends Record<string, unknown>>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as T;
}

/** A route's search schema: the named parameters, each optional and dropped when malformed. */
export const searchSchema = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.pipe(z.object(shape), z.transform(compact));

/**
 * A comma list of positive ids (`?labelIds=3,7`, PROD-022), kept as its text; a single id arrives as a
 * number (`?labelIds=3`). Anything else is dropped.
 */
export const idListParam = z.optional(
  z.catch(
    z.optional(
      z.union([
        z.pipe(z.number().check(z.int(), z.positive()), z.transform(String)),
        z.string().check(z.regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$/)),
      ]),
    ),
    undefined,
  ),
);

/** The paging every list keeps in its address: the page (1-based; absent, the first) and its size. */
export const listSearchShape = { page: intParam, size: intParam };

/** A list's address as its pieces read it (src/ui/list: the pager, the paging helpers). */
export type ListSearch = z.output<z.ZodMiniObject<typeof listSearchShape>>;
