import {
  Alert,
  Card,
  Col,
  Descriptions,
  EmptyState,
  Flex,
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
  type ReadinessProblem,
  type TripSummary,
  type TripTotals,
} from '@tour/shared';
import { ParticipantStatusTag, TripStatusTag } from './trip-status-tag';
import { TripPayment } from './trip-payment';

type SummaryRow = TripSummary['participants'][number];
type ReadinessRow = TripSummary['readiness'][number];

/** A debt as it reads: owed in red, overpaid (negative) in green and said so, zero plain. */
function Debt({ value, currency }: { value: number; currency: Currency }) {
  if (value < 0) {
    return (
      <Typography.Text type="success" title="Переплата">
        {`Переплата ${formatAmount(-value, currency)}`}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type={value > 0 ? 'danger' : undefined}>
      {formatAmount(value, currency)}
    </Typography.Text>
  );
}

function problemText(problem: ReadinessProblem, row: ReadinessRow): string {
  switch (problem) {
    case 'passport_missing':
      return 'Нет паспорта';
    case 'passport_expires':
      return `Паспорт действует до ${formatDate(row.passport_expires_at)}: меньше 6 месяцев после окончания тура`;
    case 'birth_date_missing':
      return 'Нет даты рождения';
    default:
      return problem;
  }
}

/** Participants whose documents keep them from travelling, each linked to the tourist's form. */
function Readiness({ rows }: { rows: TripSummary['readiness'] }) {
  return (
    <Card title="Готовность" size="small">
      {rows.length === 0 ? (
        <Typography.Text type="success">Документы всех участников в порядке</Typography.Text>
      ) : (
        <Flex vertical gap="small">
          {rows.map((row) => (
            <div key={row.participant_id} data-testid={`readiness-${row.user_id}`}>
              <Link to={hrefOf('user-edit', { id: row.user_id })}>{row.full_name}</Link>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {row.problems.map((problem) => (
                  <li key={problem}>
                    <Typography.Text type="warning">{problemText(problem, row)}</Typography.Text>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function TotalsIn({ totals, currency }: { totals: TripTotals; currency: Currency }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 5 }}
      items={[
        { key: 'due', label: 'К оплате', children: formatAmount(totals.due, currency) },
        { key: 'paid', label: 'Оплачено', children: formatAmount(totals.paid, currency) },
        { key: 'expected', label: 'Ожидается', children: formatAmount(totals.expected, currency) },
        { key: 'debt', label: 'Долг', children: formatAmount(totals.debt, currency) },
        { key: 'overpaid', label: 'Переплата', children: formatAmount(totals.overpaid, currency) },
      ]}
    />
  );
}

/** The totals in the chosen currency: the rate and its date, or why they are missing. */
function InCurrency({ summary }: { summary: TripSummary }) {
  const other = summary.in_currency;
  if (!other || other.currency === summary.trip.currency) return null;
  const code = other.currency.toUpperCase();
  if (other.missing_rate || !other.totals || other.rate === null) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`Нет курса ${summary.trip.currency.toUpperCase()} → ${code}: итоги в ${code} не посчитаны`}
        description="Курс не подставляется как 1: добавьте курс валют в бухгалтерии."
      />
    );
  }
  return (
    <Card size="small" title={`Итоги в ${code}`}>
      <Typography.Paragraph type="secondary">
        {`по курсу ${String(other.rate).replace('.', ',')} на ${formatDate(other.rate_date)}`}
      </Typography.Paragraph>
      <TotalsIn totals={other.totals} currency={other.currency} />
    </Card>
  );
}

export interface TripSummaryViewProps {
  summary: TripSummary;
  /** The currency the totals are also shown in (undefined: only the trip's). */
  currency: Currency | undefined;
  onCurrencyChange: (currency: Currency | undefined) => void;
  loading: boolean;
}

/**
 * A trip's summary: its dates, status and seats; per participant due, paid, expected and debt
 * (negative: overpaid) with their totals, all from the server; the totals in another currency;
 * the participants' readiness; room for the bookings and the profit.
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
              {summary.missing_rates ? (
                <Alert
                  type="warning"
                  showIcon
                  title="Для части платежей нет курса дня их подтверждения: они не вошли в «Оплачено»"
                />
              ) : null}
              <Table<SummaryRow>
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
                        {money(totals.due)}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        {money(totals.paid)}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} align="right">
                        {money(totals.expected)}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} align="right">
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
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xxl={8}>
          {/* Beside the participants on wide screens, three across under them otherwise. */}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={8} xxl={24}>
              <Readiness rows={summary.readiness} />
            </Col>
            <Col xs={24} lg={8} xxl={24}>
              <Card title="Бронирования" size="small">
                <Typography.Text type="secondary">
                  Отели, билеты, страховки и другие услуги тура появятся с разделом бронирований.
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} lg={8} xxl={24}>
              <Card title="Прибыль" size="small">
                <Typography.Text type="secondary">
                  Доходы, расходы и прибыль тура появятся с разделом отчётов.
                </Typography.Text>
              </Card>
            </Col>
          </Row>
        </Col>
      </Row>
    </Flex>
  );
}
