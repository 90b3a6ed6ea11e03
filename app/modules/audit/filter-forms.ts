import { z } from "~/lib/zod";
import type { Severity } from "~/adapters/db/schema";
import { trimmedField } from "~/lib/form-input";
import { pageField } from "~/lib/paging";
import { isDay, SECURITY_ORDERS, SEVERITIES, type SecurityOrder } from "./filters";

/** The admin lists' filters, read from the URL of their GET forms; messages are `dashboard` `filters.errors` keys. */

const MAX_TEXT = 254;
/** What the admin typed, trimmed, as the form shows it again after a refusal. */
const typed = (params: URLSearchParams, key: string) => (params.get(key) ?? "").trim();
/** An optional text filter: empty is null ("any"). */
const textFilter = () => trimmedField().pipe(z.string().max(MAX_TEXT, "tooLong")).transform((value) => value || null);
const dayFilter = () => trimmedField().refine((value) => !value || isDay(value), "invalidDate").transform((value) => value || null);

/** The audit log's filters and page; a first day after the last is "dateOrder". */
export const auditFilterSchema = z
  .object({ action: textFilter(), actor: textFilter(), from: dayFilter(), to: dayFilter(), page: pageField() })
  .refine(({ from, to }) => !from || !to || from <= to, "dateOrder");

/** The audit filters as typed, for the form shown again with a refusal. */
export const typedAuditFilters = (params: URLSearchParams) => ({ action: typed(params, "action"), actor: typed(params, "actor"), from: typed(params, "from"), to: typed(params, "to") });

/** The security events' severity (empty: any), order (empty: newest first) and page. */
export const securityFilterSchema = z.object({
  severity: trimmedField().pipe(z.enum(["", ...SEVERITIES] as ["", ...Severity[]], "invalidSeverity")).transform((severity) => severity || null),
  order: trimmedField().pipe(z.enum(["", ...SECURITY_ORDERS], "invalidOrder")).transform((order): SecurityOrder => order || "newest"),
  page: pageField(),
});

/** The security filters as typed, for the form shown again with a refusal. */
export const typedSecurityFilters = (params: URLSearchParams) => ({ severity: typed(params, "severity"), order: typed(params, "order") });
