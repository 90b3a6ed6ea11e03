import { Mail } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "~/components/ui/link";
import { useLocalize } from "~/i18n/root-data";
import { cn } from "~/components/lib/cn";
import { mailtoHref } from "~/lib/mailto";
import type { Paged } from "~/lib/paging";
import { filterQuery } from "~/modules/audit/filters";
import type { CommentForModeration } from "~/modules/comments/moderation.server";
import type { ContactMessageForModeration } from "~/modules/contact/moderation.server";
import { ListPagination } from "./list-pagination";
import { Empty, ModerationItem } from "./moderation-item";

export type ModerationTab = "comments" | "messages";
export type ModerationDone = "approved" | "commentDeleted" | "handled" | "messageDeleted";
export type ModerationError = "notFound" | "confirmRequired" | "invalid";

/** The rows with their dates written out in the page's language on the server. */
export type CommentRow = CommentForModeration & { date: string };
export type MessageRow = ContactMessageForModeration & { date: string };

export interface ModerationViewProps {
  tab: ModerationTab;
  counts: { pendingComments: number; newMessages: number };
  comments: Paged<CommentRow> | null;
  messages: Paged<MessageRow> | null;
  /** The item whose deletion waits for confirmation (the second step, which works without JavaScript). */
  confirm: string | null;
}

const PATH = "/admin/moderation";


function Tabs({ tab, counts }: Pick<ModerationViewProps, "tab" | "counts">) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const tabs: Array<{ id: ModerationTab; label: string }> = [
    { id: "comments", label: t("moderation.tabs.comments", { number: counts.pendingComments }) },
    { id: "messages", label: t("moderation.tabs.messages", { number: counts.newMessages }) },
  ];
  return (
    <nav aria-label={t("moderation.tabsLabel")} className="border-b border-line">
      <ul className="-mb-px flex flex-wrap gap-x-2">
        {tabs.map((item) => (
          <li key={item.id}>
            <Link
              to={localize(PATH) + filterQuery({ tab: item.id === "comments" ? null : item.id })}
              aria-current={item.id === tab ? "page" : undefined}
              className={cn(
                "inline-flex min-h-12 items-center border-b-4 px-3 font-semibold",
                item.id === tab ? "border-forest-700 text-forest-900" : "border-transparent text-muted hover:text-ink",
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ModerationView({ tab, counts, comments, messages, confirm }: ModerationViewProps) {
  const { t } = useTranslation("dashboard");
  const localize = useLocalize();
  const list = tab === "comments" ? comments : messages;
  const tabQuery = tab === "comments" ? null : tab;
  const here = (extra: Record<string, string> = {}) => localize(PATH) + filterQuery({ tab: tabQuery, page: list && list.page > 1 ? String(list.page) : null }, extra);
  const language = (code: string) => t("moderation.language", { language: code.toUpperCase() });
  return (
    <div className="flex flex-col gap-6">
      <Tabs tab={tab} counts={counts} />
      {list && (
        <section aria-label={tab === "comments" ? t("moderation.tabs.comments", { number: counts.pendingComments }) : t("moderation.tabs.messages", { number: counts.newMessages })}>
          {list.items.length === 0 && <Empty>{tab === "comments" ? t("moderation.commentsEmpty") : t("moderation.messagesEmpty")}</Empty>}
          <ul className="flex flex-col gap-4 empty:hidden">
            {comments?.items.map((comment) => (
              <ModerationItem
                key={comment.id}
                anchor={`comment-${comment.id}`}
                id={comment.id}
                name={comment.name}
                status={comment.status}
                facts={[t("moderation.sentOn", { date: comment.date }), t("moderation.onPage", { page: comment.page }), language(comment.language)]}
                text={comment.body}
                primary={comment.status === "approved" ? null : { intent: "approve-comment", label: t("moderation.approve") }}
                confirming={confirm === comment.id}
                deleteIntent="delete-comment"
                question={t("moderation.confirmComment")}
                here={here}
              />
            ))}
            {messages?.items.map((message) => (
              <ModerationItem
                key={message.id}
                anchor={`message-${message.id}`}
                id={message.id}
                name={message.name}
                status={message.status}
                facts={[
                  t("moderation.sentOn", { date: message.date }),
                  t("moderation.topic", { topic: t(`contact:topics.${message.topic}`, { defaultValue: message.topic }) }),
                  language(message.language),
                ]}
                text={message.message}
                extra={
                  <a href={mailtoHref(message.email)} className="mt-3 inline-flex min-h-11 items-center gap-2 font-semibold text-forest-700 underline underline-offset-4 wrap-anywhere">
                    <Mail aria-hidden="true" className="size-4 shrink-0" />
                    {t("moderation.reply", { email: message.email })}
                  </a>
                }
                primary={message.status === "handled" ? null : { intent: "handle-message", label: t("moderation.markHandled") }}
                confirming={confirm === message.id}
                deleteIntent="delete-message"
                question={t("moderation.confirmMessage")}
                here={here}
              />
            ))}
          </ul>
          <ListPagination page={list.page} pageCount={list.pageCount} hrefFor={(page) => localize(PATH) + filterQuery({ tab: tabQuery }, page > 1 ? { page: String(page) } : {})} />
        </section>
      )}
    </div>
  );
}
