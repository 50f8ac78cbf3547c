import type { ReactNode } from "react";

export interface Column {
  title: string;
  /** Numbers right-aligned, in tabular figures. */
  numeric?: boolean;
}

/** A plain table of cells already formatted, like the markdown tables `plumb report` prints. */
export function Table({
  columns,
  rows,
  testId,
  caption,
}: {
  columns: readonly Column[];
  rows: readonly ReactNode[][];
  testId?: string;
  caption?: string;
}) {
  return (
    <div className="table-wrap">
      <table data-testid={testId}>
        {caption !== undefined && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              <th key={i} className={c.numeric ? "num" : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
            <tr key={r}>
              {row.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={i} className={columns[i]?.numeric ? "num" : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const text = (title: string): Column => ({ title });
export const num = (title: string): Column => ({ title, numeric: true });
