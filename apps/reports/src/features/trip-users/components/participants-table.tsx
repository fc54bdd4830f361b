import { EmptyState, ScrollRegion, Table, type TableColumnsType } from '@tour/shared/ui';
import { formatAmount, type Currency } from '@tour/shared';
import { MissingRateTag } from '../../../components/missing-rate-tag';
import type { TripUsersParticipant, UserFigures } from '../api/types';
import { PaymentsTable } from './payments-table';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

const MISSING_RATE_HINT = 'Часть платежей не пересчитана: нет курса их дня';

function columns(
  tripCurrency: Currency,
  currency: Currency,
): TableColumnsType<TripUsersParticipant> {
  const inTrip = (value: number) => <span style={NOWRAP}>{formatAmount(value, tripCurrency)}</span>;
  return [
    {
      title: 'ФИО',
      dataIndex: 'full_name',
      render: (name: string, participant) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {name}
          {participant.missing_rate ? <MissingRateTag hint={MISSING_RATE_HINT} /> : null}
        </span>
      ),
    },
    { title: 'Цена', dataIndex: 'price', align: 'right', render: inTrip },
    { title: 'Скидка', dataIndex: 'discount', align: 'right', render: inTrip },
    { title: 'К оплате', dataIndex: 'due', align: 'right', render: inTrip },
    { title: 'Оплачено', dataIndex: 'paid', align: 'right', render: inTrip },
    { title: 'Ожидается', dataIndex: 'expected', align: 'right', render: inTrip },
    { title: 'Долг', dataIndex: 'debt', align: 'right', render: inTrip },
    {
      title: `Оплачено в ${currency.toUpperCase()}`,
      dataIndex: 'paid_in_currency',
      align: 'right',
      render: (value: number) => <span style={NOWRAP}>{formatAmount(value, currency)}</span>,
    },
  ];
}

export interface ParticipantsTableProps {
  label: string;
  participants: readonly TripUsersParticipant[];
  /** The server's totals of these participants. */
  totals: UserFigures;
  tripCurrency: Currency;
  currency: Currency;
  loading: boolean;
  empty: string;
}

/**
 * Participants with what they owe and paid in the trip's currency and what they paid in the
 * report's; a row opens its payments. The totals row is the server's (the browser adds nothing).
 */
export function ParticipantsTable({
  label,
  participants,
  totals,
  tripCurrency,
  currency,
  loading,
  empty,
}: ParticipantsTableProps) {
  const inTrip = (value: number) => formatAmount(value, tripCurrency);
  return (
    <ScrollRegion label={label}>
      <Table<TripUsersParticipant>
        rowKey="participant_id"
        size="middle"
        aria-label={label}
        columns={columns(tripCurrency, currency)}
        dataSource={[...participants]}
        pagination={false}
        loading={loading}
        expandable={{
          rowExpandable: (participant) => participant.payments.length > 0,
          expandedRowRender: (participant) => (
            <PaymentsTable
              label={`Платежи: ${participant.full_name}`}
              payments={participant.payments}
              tripCurrency={tripCurrency}
              currency={currency}
            />
          ),
        }}
        locale={{ emptyText: <EmptyState description={empty} /> }}
        summary={() =>
          participants.length === 0 ? null : (
            <Table.Summary>
              <Table.Summary.Row>
                {/* Under the expand buttons. */}
                <Table.Summary.Cell index={0} />
                <Table.Summary.Cell index={1} colSpan={3}>
                  <strong>Итого</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {inTrip(totals.due)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {inTrip(totals.paid)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  {inTrip(totals.expected)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  {inTrip(totals.debt)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  {formatAmount(totals.paid_in_currency, currency)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          )
        }
      />
    </ScrollRegion>
  );
}
