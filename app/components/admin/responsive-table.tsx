import type { ReactNode } from "react";
import { cn } from "~/components/lib/cn";

export interface Column<Row> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** The column's share of a wide table, e.g. "15%". */
  width: string;
}

/**
 * A table on wide screens, a stack of cards on phones and tablets: below `lg` each row is a card and
 * each cell shows its column's label in front of its value (the header row is only for wide screens).
 */
export function ResponsiveTable<Row extends { id: string }>({ caption, columns, rows }: { caption: string; columns: Column<Row>[]; rows: Row[] }) {
  return (
    <table className="block w-full text-left lg:table lg:table-fixed lg:border-separate lg:border-spacing-0 lg:overflow-hidden lg:rounded-2xl lg:border lg:border-line lg:bg-white">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden lg:table-header-group">
        <tr className="bg-sand/60">
          {columns.map((column) => (
            <th key={column.key} scope="col" style={{ width: column.width }} className="border-b border-line px-3 py-3 text-sm font-semibold">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="flex flex-col gap-4 lg:table-row-group">
        {rows.map((row) => (
          <tr key={row.id} className="block rounded-2xl border border-line bg-white p-4 lg:table-row lg:rounded-none lg:border-0 lg:p-0 lg:[&:not(:last-child)>td]:border-b lg:[&>td]:border-line">
            {columns.map((column) => (
              <td key={column.key} className={cn("grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-1.5 align-top sm:grid-cols-[10rem_minmax(0,1fr)] lg:table-cell lg:px-3 lg:py-3")}>
                <span className="text-sm font-semibold text-muted lg:hidden">{column.label}</span>
                <div className="min-w-0 wrap-anywhere">{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
