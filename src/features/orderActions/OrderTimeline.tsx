import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { currentLocale } from "../../app/i18n.ts";
import { orderActionQueries } from "./api.ts";

/**
 * An order's timeline (issue 12): every status it passed through, oldest first, with the time in the
 * user's language and who moved it (the member's name, the production, or the system with its reason).
 *
 * @public placed by the production list and the details page
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const timeline = useQuery(orderActionQueries.timeline(orderId));
  const format = new Intl.DateTimeFormat(currentLocale() === "zh" ? "zh-CN" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <section aria-labelledby={`timeline-${orderId}`} className="text-sm">
      <h2 id={`timeline-${orderId}`} className="mb-2 text-base font-semibold text-brand">
        <Trans>Timeline</Trans>
      </h2>
      {timeline.isPending && (
        <p role="status">
          <Trans>Loading the timeline…</Trans>
        </p>
      )}
      {timeline.isError && (
        <p role="alert" className="text-red-800">
          <Trans>The timeline could not be loaded.</Trans>
        </p>
      )}
      {timeline.data && timeline.data.length === 0 && (
        <p>
          <Trans>No events yet.</Trans>
        </p>
      )}
      {timeline.data && timeline.data.length > 0 && (
        <ol className="border-l-2 border-slate-300 pl-4" data-testid="order-timeline">
          {timeline.data.map((event) => {
            const who =
              event.actor === "member" ? event.actorName : event.actor === "production" ? t`Production` : t`System`;
            return (
              <li key={event.id} className="mb-2">
                <time dateTime={event.at} className="mr-2 text-slate-700">
                  {format.format(new Date(event.at))}
                </time>
                <strong>{event.toStatusName}</strong>
                <span className="text-slate-700">
                  {" · "}
                  {who}
                </span>
                {event.note && <span className="text-slate-700"> ({event.note})</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
