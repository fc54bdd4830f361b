import {
  Alert,
  Card,
  CardCellLabel,
  Col,
  Descriptions,
  EmptyState,
  Flex,
  ListTable,
  Row,
  Select,
  Table,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  Can,
  CURRENCIES,
  CURRENCY_LABELS,
  formatAmount,
  formatDate,
  hrefOf,
  type Currency,
} from '@tour/shared';
import type { TripSummaryData } from '../../api/trips-api';
import { ParticipantStatusTag, TripStatusTag } from '../../../../components/trip-status-tag';
import { TripPayment } from '../trip-payment';
import { AddParticipant, NewTourist } from '../add-participant';
import { Debt } from './debt';
import { Readiness } from './readiness';
import { InCurrency } from './in-currency';
import { Bookings } from './bookings';
import { Costs } from './costs';
import { TravelPackButton, TripTravelPacksButton } from './travel-pack-button';
import { AgentInvoices, ParticipantPapers } from './trip-papers';

type SummaryRow = TripSummaryData['participants'][number];

export interface TripSummaryViewProps {
  summary: TripSummaryData;
  /** The currency the totals are also shown in (undefined: only the trip's). */
  currency: Currency | undefined;
  onCurrencyChange: (currency: Currency | undefined) => void;
  loading: boolean;
}

/**
 * A trip's summary: its dates, status and seats; per participant due, paid, expected and debt
 * (negative: overpaid) with their totals, all from the server; the totals in another currency;
 * the participants' readiness; the costs and the profit; the bookings by kind.
 */
export function TripSummaryView({
  summary,
  currency,
  onCurrencyChange,
  loading,
}: TripSummaryViewProps) {
  const { trip, totals } = summary;
  const money = (value: number) => formatAmount(value, trip.currency);

  const columns: TableColumnsType<SummaryRow> = [
    {
      title: 'Турист',
      dataIndex: 'full_name',
      // A long name wraps: «Оплачено», «Долг» and the payment button stay in sight on a laptop.
      width: 240,
      render: (name: string, row) => (
        <Link to={hrefOf('user-edit', { id: row.user_id })}>{name}</Link>
      ),
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      render: (_value, row) => <ParticipantStatusTag status={row.status} />,
    },
    { title: 'К оплате', dataIndex: 'due', align: 'right', render: money },
    {
      title: 'Оплачено',
      dataIndex: 'paid',
      align: 'right',
      render: (paid: number, row) => (
        <>
          {money(paid)}
          {row.missing_rate ? (
            <Typography.Text type="warning" style={{ display: 'block' }}>
              нет курса для части платежей
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { title: 'Ожидается', dataIndex: 'expected', align: 'right', render: money },
    {
      title: 'Долг',
      dataIndex: 'debt',
      align: 'right',
      render: (debt: number) => <Debt value={debt} currency={trip.currency} />,
    },
    {
      title: 'Действия',
      key: 'actions',
      render: (_value, row) => (
        <Flex gap="small" wrap>
          <Can I="add_payment">
            <TripPayment
              target={{
                tripId: trip.id,
                participantId: row.participant_id,
                userId: row.user_id,
                fullName: row.full_name,
                currency: trip.currency,
              }}
            />
          </Can>
          <TravelPackButton
            tripId={trip.id}
            participantId={row.participant_id}
            fullName={row.full_name}
          />
          <ParticipantPapers tripId={trip.id} participant={row} />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            {
              key: 'dates',
              label: 'Даты',
              children: `${formatDate(trip.starts_on)} – ${formatDate(trip.ends_on)}`,
            },
            { key: 'status', label: 'Статус', children: <TripStatusTag status={trip.status} /> },
            {
              key: 'seats',
              label: 'Места',
              children: `занято ${trip.seats_taken} из ${trip.seats}`,
            },
            { key: 'price', label: 'Цена', children: money(trip.price) },
            { key: 'country', label: 'Страна', children: trip.country || '—' },
            { key: 'manager', label: 'Менеджер', children: trip.manager_name || '—' },
          ]}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={16}>
          <Card
            title="Участники и оплата"
            extra={
              <Select<Currency>
                aria-label="Итоги в валюте"
                placeholder="Итоги в другой валюте"
                allowClear
                value={currency}
                onChange={(next) => onCurrencyChange(next ?? undefined)}
                options={CURRENCIES.filter((code) => code !== trip.currency).map((code) => ({
                  value: code,
                  label: `${CURRENCY_LABELS[code]} (${code.toUpperCase()})`,
                }))}
                style={{ width: 220 }}
              />
            }
          >
            <Flex vertical gap="middle">
              <Flex gap="small" wrap>
                {trip.status === 'completed' || trip.status === 'cancelled' ? null : (
                  <>
                    <AddParticipant trip={trip} />
                    <NewTourist trip={trip} />
                  </>
                )}
                {summary.participants.some((row) => row.status !== 'cancelled') ? (
                  <TripTravelPacksButton tripId={trip.id} />
                ) : null}
              </Flex>
              {summary.missing_rates ? (
                <Alert
                  type="warning"
                  showIcon
                  title="Для части платежей нет курса дня их подтверждения: они не вошли в «Оплачено»"
                />
              ) : null}
              <ListTable<SummaryRow>
                rowKey="participant_id"
                size="small"
                loading={loading}
                columns={columns}
                dataSource={summary.participants}
                pagination={false}
                locale={{ emptyText: <EmptyState description="Участников пока нет" /> }}
                scroll={{ x: 'max-content' }}
                summary={() =>
                  summary.participants.length === 0 ? null : (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={2}>
                        <Typography.Text strong>Итого</Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={2} align="right">
                        <CardCellLabel>К оплате</CardCellLabel>
                        {money(totals.due)}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        <CardCellLabel>Оплачено</CardCellLabel>
                        {money(totals.paid)}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} align="right">
                        <CardCellLabel>Ожидается</CardCellLabel>
                        {money(totals.expected)}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} align="right">
                        <CardCellLabel>Долг</CardCellLabel>
                        <Debt value={totals.debt} currency={trip.currency} />
                        {totals.overpaid > 0 ? (
                          <Typography.Text type="success" style={{ display: 'block' }}>
                            {`Переплата ${money(totals.overpaid)}`}
                          </Typography.Text>
                        ) : null}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={6} />
                    </Table.Summary.Row>
                  )
                }
              />
              <InCurrency summary={summary} />
              <AgentInvoices tripId={trip.id} />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xxl={8}>
          {/* Beside the participants on wide screens, two across under them otherwise. */}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12} xxl={24}>
              <Readiness rows={summary.readiness} />
            </Col>
            <Col xs={24} lg={12} xxl={24}>
              <Costs summary={summary} />
            </Col>
          </Row>
        </Col>
      </Row>

      <Bookings summary={summary} />
    </Flex>
  );
}
