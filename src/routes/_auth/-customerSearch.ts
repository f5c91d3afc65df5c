import type * as z from "zod/mini";
import { dateParam, intParam } from "../../app/search.ts";

/**
 * The address of the appointments across the customer book (issue 24): the first day (YYYY-MM-DD, today
 * when absent) and how many weeks from it (4 when absent), a malformed value dropped.
 */
export const appointmentsSearchShape = { from: dateParam, weeks: intParam };
export type AppointmentsSearch = z.output<z.ZodMiniObject<typeof appointmentsSearchShape>>;
