import { useEffect, useRef, useState } from "react";
import { Link } from "@tanstack/react-router";
import { useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { isNearBottom, URGENCY_TABS, type UrgencyTab } from "./rules.ts";
import type { components } from "../../../openapi/portal.d.ts";
import { Button } from "../../ui/Button.tsx";
import { ConfirmDialog } from "../../ui/Dialog.tsx";
import { ListPage } from "../../ui/list/index.ts";
import { cn } from "../../ui/cn.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { toasts } from "../../ui/toast.ts";
import { deleteMessage, markAllRead, markRead, messageQueries } from "./queries.ts";
import { LoadingStatus } from "../../ui/RouteStatus.tsx";

type Message = components["schemas"]["Message"];
type Pages = InfiniteData<{ data: Message[]; pages: number; pageNum: number }, number>;

/** The tabs' ids, for the tab panel's label. */
const tabId = (tab: UrgencyTab) => `message-tab-${tab === "" ? "all" : tab}`;

/**
 * The message centre (001 §2, MSG-001..017): two panes (MSG-001). Left: the title and read-all (MSG-002), the
 * urgency tabs (MSG-003) and the list that loads ten more within 10 px of its bottom (MSG-004, MSG-016,
 * MSG-017). Right: the chosen message's sender, create time and content, a link to what it is about, and
 * delete with a confirmation (MSG-005, MSG-010). Opening an unread message marks it read (MSG-008); read-all
 * starts the list again at page one (MSG-009). A list operation answered with a non-zero code does nothing
 * visible (MSG-015, D-08).
 */
export function MessageCentrePage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<UrgencyTab>("");
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const list = useInfiniteQuery(messageQueries.list(tab));
  const messages = list.data?.pages.flatMap((page) => page.data) ?? [];
  const chosen = messages.find((m) => m.id === chosenId) ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // MSG-017: a list shorter than its pane has no scroll to load more with: the next page loads at once.
  useEffect(() => {
    const box = listRef.current;
    if (box && hasNextPage && !isFetchingNextPage && isNearBottom(box)) void fetchNextPage();
  }, [messages.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const refreshUnread = () => queryClient.invalidateQueries({ queryKey: ["messages", "unread"] });
  /** Marks a message read in every loaded list (no refetch: the list keeps its place). */
  const showRead = (id: number) =>
    queryClient.setQueriesData<Pages>({ queryKey: ["messages", "list"] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({ ...p, data: p.data.map((m) => (m.id === id ? { ...m, isRead: 1 } : m)) })),
          }
        : data,
    );

  const open = (message: Message) => {
    setChosenId(message.id);
    // MSG-008; MSG-015: a refusal leaves it as it was, silently.
    if (message.isRead === 0)
      markRead(message.id).then(
        () => {
          showRead(message.id);
          void refreshUnread();
        },
        () => undefined,
      );
  };

  const readAll = async () => {
    setBusy(true);
    try {
      const { message } = await markAllRead();
      toasts.show("success", message);
      // MSG-009: the list starts again at page one.
      listRef.current?.scrollTo({ top: 0 });
      await queryClient.resetQueries({ queryKey: ["messages", "list"] });
      void refreshUnread();
    } catch {
      // MSG-015: nothing visible
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const { message } = await deleteMessage(chosen.id);
      toasts.show("success", message);
      setChosenId(null);
      queryClient.setQueriesData<Pages>({ queryKey: ["messages", "list"] }, (data) =>
        data
          ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.filter((m) => m.id !== chosen.id) })) }
          : data,
      );
      void refreshUnread();
    } catch {
      // MSG-015: nothing visible
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const tabLabel = (value: UrgencyTab) =>
    value === "" ? <Trans>All</Trans> : value === "0" ? <Trans>Normal</Trans> : <Trans>Urgent</Trans>;

  return (
    <ListPage title={<Trans>Message centre</Trans>} testId="message-centre">
      <div className="grid grid-cols-[420px_1fr] gap-6" data-testid="message-panes">
        <section
          aria-label={t`Messages`}
          className="flex max-h-[calc(100vh-220px)] min-h-[480px] flex-col rounded border border-slate-200 bg-white"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 className="text-base font-semibold text-slate-900">
              <Trans>Messages</Trans>
            </h2>
            <Button variant="link" size="sm" onClick={() => void readAll()} pending={busy}>
              <Trans>Read all</Trans>
            </Button>
          </div>
          <div role="tablist" aria-label={t`Urgency`} className="flex gap-1 border-b border-slate-200 px-3 pt-2">
            {URGENCY_TABS.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                id={tabId(value)}
                aria-selected={tab === value}
                aria-controls="message-list"
                className={cn(
                  "-mb-px border-b-2 px-3 py-2 text-sm",
                  tab === value
                    ? "border-brand font-semibold text-brand"
                    : "border-transparent text-slate-700 hover:text-brand",
                )}
                onClick={() => {
                  setTab(value);
                  setChosenId(null);
                  listRef.current?.scrollTo({ top: 0 });
                }}
              >
                {tabLabel(value)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="message-list" aria-labelledby={tabId(tab)} className="flex min-h-0 flex-1 flex-col">
            <ul
              ref={listRef}
              className="min-h-0 flex-1 overflow-y-auto"
              data-testid="message-list"
              aria-busy={list.isFetching}
              onScroll={(event) => {
                // MSG-004, MSG-017: ten more within 10 px of the bottom.
                if (hasNextPage && !isFetchingNextPage && isNearBottom(event.currentTarget)) void fetchNextPage();
              }}
            >
              {messages.map((message) => (
                <li key={message.id} className="border-b border-slate-100">
                  <button
                    type="button"
                    className={cn(
                      "flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50",
                      chosenId === message.id && "bg-brand/5",
                    )}
                    aria-current={chosenId === message.id ? "true" : undefined}
                    data-testid="message-item"
                    data-read={message.isRead}
                    onClick={() => open(message)}
                  >
                    <span className="flex items-center gap-2">
                      {message.isRead === 0 && (
                        <span className="h-2 w-2 shrink-0 rounded-full bg-red-700" aria-label={t`Unread`} role="img" />
                      )}
                      <span
                        data-testid="message-title"
                        className={cn(
                          "truncate text-sm",
                          message.isRead === 0 ? "font-semibold text-slate-900" : "text-slate-700",
                        )}
                      >
                        {message.title}
                      </span>
                      {message.urgencyType === 1 && (
                        <span className="ml-auto shrink-0 rounded bg-red-50 px-1.5 text-xs text-red-800">
                          <Trans>Urgent</Trans>
                        </span>
                      )}
                    </span>
                    <span className="text-xs text-slate-600">{formatDateTime(message.createTime, i18n.locale)}</span>
                  </button>
                </li>
              ))}
              {list.isSuccess && messages.length === 0 && (
                <li className="px-4 py-10 text-center text-sm text-slate-600">
                  <Trans>No messages here.</Trans>
                </li>
              )}
              {(list.isPending || isFetchingNextPage) && (
                <li className="flex justify-center px-4">
                  <LoadingStatus inline />
                </li>
              )}
            </ul>
          </div>
        </section>

        <section
          aria-label={t`Chosen message`}
          className="min-h-[480px] rounded border border-slate-200 bg-white p-6"
          data-testid="message-detail"
        >
          {chosen ? (
            <article>
              <div className="flex items-start justify-between gap-4">
                <h2 className="text-xl font-semibold text-slate-900">{chosen.title}</h2>
                <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-4 w-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
                  </svg>
                  <Trans>Delete</Trans>
                </Button>
              </div>
              <dl className="mt-2 flex gap-6 text-sm text-slate-700">
                <div className="flex gap-1">
                  <dt>
                    <Trans>From</Trans>:
                  </dt>
                  <dd data-testid="message-sender">{chosen.sendUsername}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>
                    <Trans>Sent</Trans>:
                  </dt>
                  <dd>
                    <time dateTime={chosen.createTime}>{formatDateTime(chosen.createTime, i18n.locale)}</time>
                  </dd>
                </div>
              </dl>
              {/* Plain text: whatever it holds is shown as text, never as HTML. */}
              <p className="mt-6 text-base whitespace-pre-wrap text-slate-900" data-testid="message-content">
                {chosen.content}
              </p>
              {chosen.linkType === "order" && chosen.linkRef !== "" && (
                <Link
                  to="/orderDetails"
                  search={{ orderId: Number(chosen.linkRef) }}
                  className="mt-6 inline-block text-sm font-medium text-brand underline"
                >
                  <Trans>View the order</Trans>
                </Link>
              )}
              {chosen.linkType === "shipment" && chosen.linkRef !== "" && (
                <Link
                  to="/shipmentDetails"
                  search={{ id: Number(chosen.linkRef) }}
                  className="mt-6 inline-block text-sm font-medium text-brand underline"
                >
                  <Trans>View the shipment</Trans>
                </Link>
              )}
              {chosen.linkType === "billing" && (
                <Link to="/billing" className="mt-6 inline-block text-sm font-medium text-brand underline">
                  <Trans>Open billing</Trans>
                </Link>
              )}
            </article>
          ) : (
            <p className="pt-20 text-center text-sm text-slate-600">
              <Trans>Choose a message to read it.</Trans>
            </p>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={confirming}
        title={<Trans>Delete this message?</Trans>}
        description={<Trans>The message is deleted for good.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={busy}
        testId="message-delete-confirm"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </ListPage>
  );
}
