import type { HTMLAttributes, ReactNode } from 'react';
import type { TableColumnsType } from '@tour/shared/ui';

const CLASS = 'agent-phone-cards';

/**
 * Below 600 px each row of the table inside is a card: the header hidden, the row bordered, each
 * cell a line of it (the cell's column named before it when the column has a `data-label`); on a
 * wider screen the table as it is, scrolled sideways by its box if it must. A card's lines start
 * at the left whatever the column's `align` (which antd sets inline, hence `!important`).
 */
const CSS = `@media (max-width: 599px) {
  .${CLASS} .ant-table-thead { display: none; }
  .${CLASS} .ant-table-tbody > tr.ant-table-row {
    display: block;
    margin-bottom: 12px;
    border: 1px solid rgba(5, 5, 5, 0.12);
    border-radius: 8px;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td {
    display: block;
    border-bottom: none;
    padding: 6px 12px;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td[data-label] { text-align: start !important; }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td[data-label]::before {
    content: attr(data-label) ": ";
    color: rgba(0, 0, 0, 0.55);
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td:first-child { padding-top: 12px; }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td:last-child { padding-bottom: 12px; }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td.ant-table-row-expand-icon-cell {
    float: right;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td.ant-table-cell-row-hover,
  .${CLASS} .ant-table-tbody > tr.ant-table-row:hover > td { background: transparent; }
}`;

/** A list's table that a phone shows as cards, one a row (the agent area is used on a phone). */
export function PhoneCards({ children }: { children: ReactNode }) {
  return (
    <div className={CLASS} style={{ overflowX: 'auto' }}>
      <style>{CSS}</style>
      {children}
    </div>
  );
}

/**
 * The columns, each but the first naming itself on a card (`data-label`: its title), so that a
 * line of a card says what it is («Места: свободно 6 из 11»).
 */
export function labelledOnCards<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column, index) =>
    index === 0 || typeof column.title !== 'string'
      ? column
      : {
          ...column,
          onCell: () => ({ 'data-label': column.title }) as HTMLAttributes<HTMLElement>,
        },
  );
}
