import { Plus, Search, Star } from "lucide-react";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/i18n/use-translation";
import { buttonClass } from "~/components/ui/button-styles";
import { FormNotice } from "~/components/ui/form-field";
import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { useLanguage, useLocalize } from "~/i18n/root-data";
import type { ListedArticle } from "~/modules/blog/editor/article-list.server";
import { ARTICLE_STATES } from "~/modules/blog/editor/list-query";
import { ResponsiveTable, type Column } from "~/components/admin/responsive-table";
import { LanguageStanding } from "./language-standing";
import { StateBadge } from "./state-badge";

type Row = ListedArticle & { date: string };

export interface ArticleListViewProps {
  query: { q: string; state: string };
  rows: Row[];
  /** The editor just deleted an article and came back here. */
  deleted: boolean;
}

const PATH = "/admin/articles";

function Filters({ query }: { query: ArticleListViewProps["query"] }) {
  const { t } = useTranslation("editor");
  const localize = useLocalize();
  return (
    <Form method="get" action={localize(PATH)} role="search" className="grid gap-4 rounded-2xl border border-line bg-white p-5 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end sm:p-6">
      <div>
        <label htmlFor="article-search" className="font-semibold">
          {t("list.searchLabel")}
        </label>
        <input id="article-search" name="q" type="search" defaultValue={query.q} maxLength={200} aria-describedby="article-search-hint" className="mt-1 min-h-11 w-full rounded-full border border-line bg-white px-4 text-base" />
        <p id="article-search-hint" className="mt-1 text-sm text-muted">
          {t("list.searchHint")}
        </p>
      </div>
      <div className="sm:self-start">
        <label htmlFor="article-state" className="font-semibold">
          {t("list.stateLabel")}
        </label>
        <select id="article-state" name="state" defaultValue={query.state} className="mt-1 min-h-11 w-full rounded-full border border-line bg-white px-4 text-base">
          <option value="">{t("list.allStates")}</option>
          {ARTICLE_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`states.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2 sm:self-start sm:pt-7">
        <button type="submit" className={buttonClass({ variant: "primary" })}>
          <Search aria-hidden="true" className="size-4" />
          {t("list.search")}
        </button>
        {(query.q || query.state) && (
          <Link to={localize(PATH)} className={buttonClass({ variant: "ghost" })}>
            {t("dashboard:list.clear")}
          </Link>
        )}
      </div>
    </Form>
  );
}

export function ArticleListView({ query, rows, deleted }: ArticleListViewProps) {
  const { t } = useTranslation("editor");
  const localize = useLocalize();
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES[useLanguage()]);
  const columns: Column<Row>[] = [
    {
      key: "title",
      label: t("list.columns.title"),
      width: "40%",
      cell: (row) => (
        <div className="flex flex-col gap-1">
          <Link to={localize(`${PATH}/${row.id}`)} className="font-semibold text-forest-700 underline-offset-4 hover:underline">
            {row.title}
          </Link>
          <span className="text-sm text-muted">/blog/{row.slug}</span>
          {row.featured && (
            <span className="inline-flex items-center gap-1 text-sm font-semibold text-gold-700">
              <Star aria-hidden="true" className="size-4" />
              {t("list.featured")}
            </span>
          )}
        </div>
      ),
    },
    { key: "state", label: t("list.columns.state"), width: "15%", cell: (row) => <StateBadge state={row.state} /> },
    { key: "languages", label: t("list.columns.languages"), width: "20%", cell: (row) => <LanguageStanding languages={row.languages} /> },
    { key: "date", label: t("list.columns.date"), width: "25%", cell: (row) => <span className="text-sm">{row.date}</span> },
  ];
  return (
    <div className="flex flex-col gap-6">
      {deleted && <FormNotice kind="success">{t("edit.done.deleted")}</FormNotice>}
      <div>
        <Link to={localize(`${PATH}/new`)} className={buttonClass({ variant: "primary", size: "lg" })}>
          <Plus aria-hidden="true" className="size-5" />
          {t("list.new")}
        </Link>
      </div>
      <Filters query={query} />
      <p role="status" className="text-muted">
        {t("list.count", { number: number.format(rows.length) })}
      </p>
      {rows.length === 0 ? <p className="rounded-2xl border border-dashed border-line bg-white p-6 text-muted">{t("list.empty")}</p> : <ResponsiveTable caption={t("list.caption")} columns={columns} rows={rows} />}
    </div>
  );
}
