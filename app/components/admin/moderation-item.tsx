import { Check, Trash2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button-styles";
import { cn } from "~/components/lib/cn";

// Destructive buttons in the palette's alert red (buttonClass has no such variant, and its colours would win over extra classes).
const DANGER = "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-alert px-5 font-semibold text-white transition-colors hover:bg-[#8f1c13] disabled:pointer-events-none disabled:opacity-60";
const DANGER_OUTLINE = "inline-flex min-h-9 items-center justify-center gap-2 rounded-full border border-alert/60 px-4 text-sm font-semibold text-alert transition-colors hover:bg-alert/5";

/** A comment's or a contact message's status. */
export type ItemStatus = "pending" | "approved" | "rejected" | "new" | "handled";

const STATUS_STYLE: Record<ItemStatus, string> = {
  pending: "border-gold-700 bg-gold-300/40 text-ink",
  new: "border-gold-700 bg-gold-300/40 text-ink",
  approved: "border-forest-700 bg-forest-100 text-forest-900",
  handled: "border-line bg-paper text-muted",
  rejected: "border-line bg-paper text-muted",
};

export function StatusBadge({ status }: { status: ItemStatus }) {
  const { t } = useTranslation("dashboard");
  return <span className={cn("inline-flex shrink-0 rounded-full border px-3 py-0.5 text-sm font-semibold", STATUS_STYLE[status])}>{t(`moderation.status.${status}`)}</span>;
}

/** The second step of a deletion: a sentence, the real delete button and a way back. */
function ConfirmDelete({ id, intent, question, cancelHref, actionHref }: { id: string; intent: string; question: string; cancelHref: string; actionHref: string }) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} tabIndex={-1} role="group" aria-labelledby={`confirm-${id}`} className="mt-4 rounded-xl border border-alert bg-white p-4 outline-none focus-visible:ring-2 focus-visible:ring-alert">
      <p id={`confirm-${id}`} className="font-semibold text-alert">
        {question}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post" action={actionHref} preventScrollReset>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" name="intent" value={intent} disabled={navigation.state === "submitting"} className={DANGER}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t("moderation.confirmDelete")}
          </button>
        </Form>
        <Link to={cancelHref} preventScrollReset className={buttonClass({ variant: "ghost" })}>
          {t("moderation.cancel")}
        </Link>
      </div>
    </div>
  );
}

/** The item's change (approve, mark handled) as a POST form, and the first step of deleting it. */
function ItemActions({ id, primary, deleteHref, actionHref }: { id: string; primary: { intent: string; label: string } | null; deleteHref: string; actionHref: string }) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      {primary && (
        <Form method="post" action={actionHref} preventScrollReset>
          <input type="hidden" name="id" value={id} />
          <button type="submit" name="intent" value={primary.intent} disabled={navigation.state === "submitting"} className={buttonClass({ variant: "primary", size: "sm" })}>
            <Check aria-hidden="true" className="size-4" />
            {primary.label}
          </button>
        </Form>
      )}
      <Link to={deleteHref} preventScrollReset className={DANGER_OUTLINE}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t("moderation.delete")}
      </Link>
    </div>
  );
}

export function Empty({ children }: { children: string }) {
  return <p className="rounded-2xl border border-dashed border-line bg-white px-5 py-8 text-center text-muted">{children}</p>;
}

/** One comment or message: who, its status, when and what about, the text, and its actions. */
export function ModerationItem(props: {
  anchor: string;
  id: string;
  name: string;
  status: ItemStatus;
  facts: string[];
  text: string;
  extra?: ReactNode;
  primary: { intent: string; label: string } | null;
  confirming: boolean;
  deleteIntent: string;
  question: string;
  here: (extra?: Record<string, string>) => string;
}) {
  const { anchor, id, here } = props;
  return (
    <li id={anchor} className="scroll-mt-24 rounded-2xl border border-line bg-white p-5">
      <article aria-labelledby={`${anchor}-name`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={`${anchor}-name`} className="text-lg font-semibold wrap-anywhere">
            {props.name}
          </h3>
          <StatusBadge status={props.status} />
        </div>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {props.facts.map((fact) => (
            <span key={fact}>{fact}</span>
          ))}
        </p>
        <p className="mt-3 whitespace-pre-line wrap-anywhere">{props.text}</p>
        {props.extra}
        {props.confirming ? (
          <ConfirmDelete id={id} intent={props.deleteIntent} question={props.question} cancelHref={`${here()}#${anchor}`} actionHref={here()} />
        ) : (
          <ItemActions id={id} primary={props.primary} deleteHref={`${here({ confirm: id })}#${anchor}`} actionHref={here()} />
        )}
      </article>
    </li>
  );
}

