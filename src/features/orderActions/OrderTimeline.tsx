import { Trans, useLingui } from "@lingui/react/macro";
import { formatDateTime } from "../../ui/dates.ts";

/** One step of an order's timeline, as the details answer carries it (OrderEvent). */
export interface TimelineEvent {
  toStatusName: string;
  actor: "member" | "production" | "system";
  actorName: string;
  note: string;
  /** A status change, a request for urgent production (the reason is the note) or the pre-commit. */
  kind: "status" | "urgent" | "preCommit";
  at: string;
}

/**
 * An order's timeline (issue 12): every status it passed through, oldest first, with the time in the
 * user's language and who moved it (the member's name, the production, or the system with its reason).
 * It shows the events the details answer already carries (one read for the page, refreshed with it),
 * so the page and its PDF show the same steps.
 *
 * @public placed by the details page
 */
export function OrderTimeline({ events }: { events: readonly TimelineEvent[] }) {
  const { t, i18n } = useLingui();
  if (events.length === 0)
    return (
      <p className="text-sm text-slate-600">
        <Trans>No status changes are recorded for this order yet.</Trans>
      </p>
    );
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4" data-testid="order-timeline">
      {events.map((event, index) => {
        const who =
          event.actorName || (event.actor === "production" ? t`Production` : event.actor === "system" ? t`System` : "");
        return (
          <li key={`${event.at}-${index}`} className="text-sm">
            <time dateTime={event.at} className="block text-xs text-slate-600">
              {formatDateTime(event.at, i18n.locale)}
            </time>
            <span className="font-medium text-slate-900">
              {/* PROD-005: an urgent request keeps the status; the step says what it was */}
              {event.kind === "urgent" ? t`Urgent production asked · ${event.toStatusName}` : event.toStatusName}
            </span>{" "}
            {who ? (
              <span className="text-slate-700">
                <Trans>by {who}</Trans>
              </span>
            ) : null}
            {event.note ? <span className="block text-slate-700">{event.note}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
