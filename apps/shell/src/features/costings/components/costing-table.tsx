import type { ReactNode } from 'react';
import {
  formatAmount,
  OCCUPANCIES,
  OCCUPANCY_LIST,
  type CostingTableRow,
  type Currency,
  type Occupancy,
} from '@tour/shared';
import { Flex, ScrollRegion, Table, Typography, type TableColumnsType } from '@tour/shared/ui';

/** One cell of the table: a price per person and what it is made of. */
type Cell = CostingTableRow['single'];

function CellView({ cell, currency, extra }: { cell: Cell; currency: Currency; extra: ReactNode }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong>{formatAmount(cell.price, currency)}</Typography.Text>
      <Typography.Text type="secondary">
        Себестоимость {formatAmount(cell.cost, currency)}
      </Typography.Text>
      <Typography.Text type="secondary">
        Комиссия {formatAmount(cell.commission, currency)}
      </Typography.Text>
      <Typography.Text type="secondary">
        Маржа {formatAmount(cell.margin, currency)}
      </Typography.Text>
      {extra}
    </Flex>
  );
}

export interface CostingTableProps {
  rows: readonly CostingTableRow[];
  currency: Currency;
  /** Names the table's scrolling region. */
  label: string;
  /** What a cell offers besides its figures (a trip's «Применить цену»). */
  cellExtra?: (row: CostingTableRow, occupancy: Occupancy) => ReactNode;
}

/**
 * The price per person by group size (rows) and occupancy (columns): each cell the price (bold),
 * the cost, the agent's commission and the margin, as the server computed them. On a phone the
 * table scrolls sideways inside its card.
 */
export function CostingTable({ rows, currency, label, cellExtra }: CostingTableProps) {
  const columns: TableColumnsType<CostingTableRow> = [
    {
      key: 'group',
      title: 'Группа',
      dataIndex: 'group_size',
      width: 90,
      render: (size: number) => `${size} чел.`,
    },
    ...OCCUPANCY_LIST.map((occupancy) => ({
      key: occupancy,
      title: OCCUPANCIES[occupancy].label,
      render: (_: unknown, row: CostingTableRow) => (
        <CellView
          cell={row[occupancy]}
          currency={currency}
          extra={cellExtra?.(row, occupancy) ?? null}
        />
      ),
    })),
  ];
  return (
    <ScrollRegion label={label}>
      <Table<CostingTableRow>
        size="small"
        rowKey="group_size"
        columns={columns}
        dataSource={[...rows]}
        pagination={false}
        style={{ minWidth: 460 }}
      />
    </ScrollRegion>
  );
}
