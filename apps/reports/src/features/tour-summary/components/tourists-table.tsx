import { EmptyState, Table, type TableColumnsType } from '@tour/shared/ui';
import {
  BOOKING_KINDS,
  formatAmount,
  PARTICIPANT_STATUSES,
  type BookingKind,
  type Currency,
} from '@tour/shared';
import type { ByKind, SummaryTourist, TourSummary } from '../api/types';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const NAME_WIDTH = 220;
const STATUS_WIDTH = 130;
const AMOUNT_WIDTH = 140;

export const SHARE_NOTE =
  'Стоимость бронирования делится поровну между его участниками, кроме отмененных; остаток — по копейке первым по алфавиту.';

function columns(
  currency: Currency,
  kinds: readonly BookingKind[],
): TableColumnsType<SummaryTourist> {
  const money = (value: number) => <span style={NOWRAP}>{formatAmount(value, currency)}</span>;
  return [
    { title: 'ФИО', dataIndex: 'full_name', width: NAME_WIDTH },
    {
      title: 'Статус',
      dataIndex: 'status',
      width: STATUS_WIDTH,
      render: (status: SummaryTourist['status']) => PARTICIPANT_STATUSES[status]?.label ?? status,
    },
    { title: 'Оплачено', dataIndex: 'paid', align: 'right', width: AMOUNT_WIDTH, render: money },
    {
      title: 'Доля расходов',
      dataIndex: 'costs',
      align: 'right',
      width: AMOUNT_WIDTH,
      render: money,
    },
    ...kinds.map((kind): TableColumnsType<SummaryTourist>[number] => ({
      title: BOOKING_KINDS[kind]?.label ?? kind,
      key: `kind-${kind}`,
      align: 'right',
      width: AMOUNT_WIDTH,
      render: (_value, tourist) => shareOf(tourist.by_kind, kind, currency),
    })),
    { title: 'Результат', dataIndex: 'result', align: 'right', width: AMOUNT_WIDTH, render: money },
  ];
}

/** A kind's share as the server sent it, «—» when it sent none. */
function shareOf(byKind: ByKind, kind: BookingKind, currency: Currency) {
  const share = byKind[kind];
  return share === undefined ? '—' : <span style={NOWRAP}>{formatAmount(share, currency)}</span>;
}

export interface TouristsTableProps {
  summary: TourSummary;
  loading: boolean;
}

/**
 * Each tourist's paid against its share of the trip's costs, by kind, in the report's currency;
 * then what nobody can share («Не распределено»), when there is any. All as the server sent it.
 */
export function TouristsTable({ summary, loading }: TouristsTableProps) {
  const { currency, unassigned } = summary;
  const kinds = summary.kinds.map((group) => group.kind);
  return (
    <Table<SummaryTourist>
      rowKey="participant_id"
      size="middle"
      aria-label="По туристам"
      columns={columns(currency, kinds)}
      dataSource={summary.tourists}
      pagination={false}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: NAME_WIDTH + STATUS_WIDTH + (3 + kinds.length) * AMOUNT_WIDTH }}
      locale={{ emptyText: <EmptyState description="Туристов нет" /> }}
      summary={() =>
        unassigned.costs === 0 ? null : (
          <Table.Summary>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <strong>Не распределено</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <span style={NOWRAP}>{formatAmount(unassigned.costs, currency)}</span>
              </Table.Summary.Cell>
              {kinds.map((kind, index) => (
                <Table.Summary.Cell key={kind} index={4 + index} align="right">
                  {shareOf(unassigned.by_kind, kind, currency)}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={4 + kinds.length} />
            </Table.Summary.Row>
          </Table.Summary>
        )
      }
    />
  );
}
