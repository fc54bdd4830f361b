import { useMemo, type TdHTMLAttributes } from 'react';
import { Table, type TableColumnsType, type TableProps } from 'antd';

const CLASS = 'tour-list-table';

/** Below this width each row of a list is a card (a phone held upright). */
export const PHONE_CARDS_MAX_WIDTH = 599;

/**
 * Each row a card: the header hidden, the row bordered, each cell a line of it with its column's
 * name before it (`data-label`), the row's name first and unlabelled (`data-card-title`). The
 * table's own width (`scroll.x`), fixed columns and alignment give way: the card is as wide as
 * the screen and nothing is hidden behind a sideways scroll. antd's own cell rules are more
 * specific than a wrapper's, hence the `!important`s.
 */
const CSS = `.${CLASS} .${CLASS}-card-label { display: none; }
@media (min-width: ${PHONE_CARDS_MAX_WIDTH + 1}px) {
  .${CLASS}-wraps .ant-table-tbody > tr > td,
  .${CLASS}-wraps .ant-table-tbody > tr > td *,
  .${CLASS}-wraps .ant-table-thead > tr > th {
    overflow-wrap: normal !important;
    word-break: normal !important;
  }
}
@media (max-width: ${PHONE_CARDS_MAX_WIDTH}px) {
  .${CLASS} .ant-table-thead { display: none; }
  .${CLASS} .ant-table-content > table,
  .${CLASS} .ant-table-body > table,
  .${CLASS} .ant-table-tbody {
    display: block;
    width: 100% !important;
    min-width: 0 !important;
  }
  .${CLASS} .ant-table-content { overflow: visible !important; }
  .${CLASS} .ant-table-container { min-width: 0 !important; }
  .${CLASS} .ant-table-measure-row { display: none; }
  .${CLASS} .ant-table-tbody > tr.ant-table-row {
    display: flex;
    flex-direction: column;
    margin-bottom: 12px;
    padding-block: 8px;
    border: 1px solid rgba(5, 5, 5, 0.12);
    border-radius: 8px;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td {
    display: block;
    position: static !important;
    text-align: start !important;
    border-bottom: none !important;
    padding: 4px 12px !important;
    overflow-wrap: anywhere;
    background: transparent !important;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td::after { display: none; }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td > .ant-flex { align-items: flex-start !important; }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td[data-card-title] {
    order: -1;
    font-size: 15px;
    font-weight: 500;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td[data-label]::before {
    content: attr(data-label);
    display: inline-block;
    min-width: 96px;
    margin-inline-end: 8px;
    color: rgba(0, 0, 0, 0.45);
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row > td.ant-table-row-expand-icon-cell {
    position: absolute !important;
    top: 8px;
    inset-inline-end: 0;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row:has(> td.ant-table-row-expand-icon-cell) {
    position: relative;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row:has(> td.ant-table-row-expand-icon-cell) > td[data-card-title] {
    padding-inline-end: 48px !important;
  }
  .${CLASS} .ant-table-tbody > tr.ant-table-row:hover > td { background: transparent !important; }
  .${CLASS} .ant-table-summary { display: block; }
  .${CLASS} .ant-table-summary > tr {
    display: flex;
    flex-direction: column;
    padding-block: 8px;
    border: 1px solid rgba(5, 5, 5, 0.12);
    border-radius: 8px;
  }
  .${CLASS} .ant-table-summary > tr > td {
    display: block;
    text-align: start !important;
    border-bottom: none !important;
    padding: 4px 12px !important;
  }
  .${CLASS} .ant-table-summary > tr > td:empty { display: none; }
  .${CLASS} .${CLASS}-card-label {
    display: inline-block;
    min-width: 96px;
    margin-inline-end: 8px;
    color: rgba(0, 0, 0, 0.45);
  }
}`;

/** A cell's attributes with the marks a phone's card reads. */
type CardCellAttributes = TdHTMLAttributes<HTMLElement> & {
  'data-label'?: string;
  'data-card-title'?: '';
};

/** The key a column is known by: its `key`, else its `dataIndex` (a path joined by dots). */
function columnKey<T>(column: TableColumnsType<T>[number] | undefined): string | undefined {
  if (column === undefined) return undefined;
  if (column.key !== undefined) return String(column.key);
  const dataIndex: unknown = 'dataIndex' in column ? column.dataIndex : undefined;
  if (Array.isArray(dataIndex)) return dataIndex.join('.');
  return typeof dataIndex === 'string' || typeof dataIndex === 'number'
    ? String(dataIndex)
    : undefined;
}

/**
 * The columns with what a card needs on their cells: the title column marked, every other
 * column with a text title named (a column keyed `actions` needs no name: its links say it).
 */
function cardColumns<T>(columns: TableColumnsType<T>, title: string | undefined) {
  const titleKey = title ?? columnKey(columns[0]);
  return columns.map((column) => {
    const key = columnKey(column);
    const isTitle = key !== undefined && key === titleKey;
    const label =
      !isTitle && key !== 'actions' && typeof column.title === 'string' ? column.title : null;
    if (!isTitle && label === null) return column;
    const mark: CardCellAttributes = isTitle
      ? { 'data-card-title': '' }
      : { 'data-label': label ?? undefined };
    const own = column.onCell;
    return {
      ...column,
      onCell: (record: T, index?: number): CardCellAttributes => ({
        ...own?.(record, index),
        ...mark,
      }),
    };
  });
}

/**
 * A summary cell's column name, shown only where the row is a card (a phone): antd's summary
 * cells take no attributes of their own, so the name the body's cells get from `data-label` is
 * written into the cell.
 */
export function CardCellLabel({ children }: { children: string }) {
  return <span className={`${CLASS}-card-label`}>{children}</span>;
}

export interface ListTableProps<T> extends TableProps<T> {
  /**
   * The column (its `key`, else its `dataIndex`) that names a row: a phone's card starts with it,
   * unlabelled. The first column by default.
   */
  cardTitle?: string;
}

/**
 * A list's table (antd's Table and all its props) that a phone shows as cards, one a row, below
 * 600 px (its summary row a last card, its cells named by `CardCellLabel`). A wider screen sees
 * the table, its cells wrapped between words when its width is its content's (`x: 'max-content'`),
 * scrolled sideways by its own box only if it must.
 */
export function ListTable<T extends object>({
  cardTitle,
  columns,
  scroll,
  tableLayout,
  ...props
}: ListTableProps<T>) {
  const withCards = useMemo(() => cardColumns(columns ?? [], cardTitle), [columns, cardTitle]);
  // A list's cells wrap before the list scrolls sideways. `x: 'max-content'` keeps every cell on
  // one line, so a list of long contacts or names grew wider than a laptop's screen and hid its
  // last columns (a request's status and actions) behind a sideways scroll; as wide as the box
  // (`x: true`: width auto, at least the box's) with an automatic layout, the cells wrap and the
  // box scrolls only when the columns cannot get narrower. Between words only: antd's cells may
  // break a word anywhere, which an automatic layout takes as leave to squeeze a column of names
  // and phone numbers down to a few letters.
  const wraps = scroll?.x === 'max-content';
  return (
    <div className={wraps ? `${CLASS} ${CLASS}-wraps` : CLASS}>
      <style href="tour-list-table" precedence="medium">
        {CSS}
      </style>
      <Table<T>
        {...props}
        columns={withCards}
        scroll={wraps ? { ...scroll, x: true } : scroll}
        tableLayout={tableLayout ?? (wraps ? 'auto' : undefined)}
      />
    </div>
  );
}
