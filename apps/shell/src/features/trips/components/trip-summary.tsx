import { useId, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Dropdown,
  EmptyState,
  Flex,
  Row,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  BOOKING_KIND_NAMES,
  BOOKING_KIND_ROUTES,
  BOOKING_KINDS,
  BOOKING_STATUSES,
  Can,
  CURRENCIES,
  CURRENCY_LABELS,
  formatAmount,
  formatDate,
  formatExchangeRate,
  formatMonthParam,
  hrefOf,
  MISSING_BOOKINGS,
  PAYMENT_STATES,
  useCan,
  type BookingKind,
  type BookingStatus,
  type Currency,
  type TripTotals,
} from '@tour/shared';
import { ChevronDownIcon } from '../../../assets/icons';
import type { TripReadinessProblem, TripSummaryBooking, TripSummaryData } from '../api/trips-api';
import { ParticipantStatusTag, TripStatusTag } from '../../../components/trip-status-tag';
import { TripPayment } from './trip-payment';
import { AddParticipant, NewTourist } from './add-participant';

type SummaryRow = TripSummaryData['participants'][number];
type ReadinessRow = TripSummaryData['readiness'][number];

const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  requested: 'gold',
  confirmed: 'green',
  cancelled: 'default',
};

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

function problemText(problem: TripReadinessProblem, row: ReadinessRow): string {
  switch (problem) {
    case 'passport_missing':
      return 'Нет паспорта';
    case 'passport_expires':
      return `Паспорт действует до ${formatDate(row.passport_expires_at)}: меньше 6 месяцев после окончания тура`;
    case 'birth_date_missing':
      return 'Нет даты рождения';
    case 'hotel_missing':
      return `${MISSING_BOOKINGS.hotel_missing.label}: ${row.nights_missing}`;
    default:
      return MISSING_BOOKINGS[problem].label;
  }
}

/**
 * Participants whose documents or bookings (air ticket, insurance, hotel nights) keep them from
 * travelling, each linked to the tourist's form.
 */
function Readiness({ rows }: { rows: TripSummaryData['readiness'] }) {
  return (
    <Card title="Готовность" size="small">
      {rows.length === 0 ? (
        <Typography.Text type="success">
          Документы и бронирования всех участников в порядке
        </Typography.Text>
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
function InCurrency({ summary }: { summary: TripSummaryData }) {
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
        {`по курсу ${formatExchangeRate(other.rate, summary.trip.currency, other.currency)} на ${formatDate(other.rate_date)}`}
      </Typography.Paragraph>
      <TotalsIn totals={other.totals} currency={other.currency} />
    </Card>
  );
}

/** Where a booking opens in its kind's month view, in the drawer. */
const bookingHref = (booking: TripSummaryBooking) =>
  `${hrefOf(BOOKING_KIND_ROUTES[booking.kind], { date: formatMonthParam(booking.starts_on) })}?edit=${booking.id}`;

function datesText(from: string, to: string): string {
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}

/** A booking's cost in the trip's currency with the rate and its day, or «нет курса». */
function Converted({ booking, currency }: { booking: TripSummaryBooking; currency: Currency }) {
  if (booking.missing_rate || booking.converted === null) {
    return (
      <Typography.Text type="warning" title="Курс не подставляется как 1: добавьте курс валют">
        нет курса
      </Typography.Text>
    );
  }
  return (
    <>
      {formatAmount(booking.converted, currency)}
      {booking.currency !== currency && booking.rate !== null ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {`по курсу ${formatExchangeRate(booking.rate, booking.currency, currency)}` +
            (booking.rate_date ? ` на ${formatDate(booking.rate_date)}` : '')}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** «Добавить бронирование»: one entry per kind, the new booking's form tied to this trip. */
function AddBooking({ tripId, startsOn }: { tripId: number; startsOn: string }) {
  const month = formatMonthParam(startsOn);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: BOOKING_KIND_NAMES.map((kind) => ({
          key: kind,
          label: (
            <Link
              to={`${hrefOf(BOOKING_KIND_ROUTES[kind], { date: month })}?trip_id=${tripId}&new=1`}
            >
              {BOOKING_KINDS[kind].label}
            </Link>
          ),
        })),
      }}
    >
      <Button aria-haspopup="menu">
        Добавить бронирование
        <ChevronDownIcon />
      </Button>
    </Dropdown>
  );
}

/**
 * Every booking of the trip grouped by kind, each with its cost in its own currency and in the
 * trip's (the rate and its day, or a missing rate said so), its supplier payments and debt.
 * With booking_section a booking opens in its month view and new ones can be added.
 */
function Bookings({ summary }: { summary: TripSummaryData }) {
  const { trip, bookings } = summary;
  const mayBook = useCan()('booking_section');
  const groups = BOOKING_KIND_NAMES.map((kind) => ({
    kind,
    rows: bookings.filter((booking) => booking.kind === kind),
  })).filter((group) => group.rows.length > 0);

  const currency = trip.currency;
  const columns: TableColumnsType<TripSummaryBooking> = [
    {
      title: 'Услуга',
      dataIndex: 'title',
      // The supplier under the service, the payment state under the debt, the rate under the
      // converted cost, each column as wide as set here: the whole table, «Оплачено» and «Долг»
      // included, fits a 1 400 px screen beside the sidebar (long texts wrap).
      width: 240,
      render: (title: string, row) => (
        <>
          {mayBook ? <Link to={bookingHref(row)}>{title}</Link> : title}
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {row.supplier_name}
          </Typography.Text>
        </>
      ),
    },
    {
      title: 'Даты',
      key: 'dates',
      width: 110,
      render: (_value, row) => datesText(row.starts_on, row.ends_on),
    },
    {
      title: 'Статус',
      dataIndex: 'status',
      width: 120,
      render: (status: BookingStatus) => (
        <Tag color={BOOKING_STATUS_COLORS[status]}>{BOOKING_STATUSES[status]?.label ?? status}</Tag>
      ),
    },
    {
      title: 'Стоимость',
      dataIndex: 'amount_due',
      align: 'right',
      width: 120,
      render: (amount: number, row) => (
        <>
          {formatAmount(amount, row.currency)}
          {row.status === 'cancelled' ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              штраф
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: `В валюте тура (${currency.toUpperCase()})`,
      key: 'converted',
      align: 'right',
      width: 150,
      render: (_value, row) => <Converted booking={row} currency={currency} />,
    },
    {
      title: 'Оплачено',
      dataIndex: 'paid',
      align: 'right',
      width: 110,
      render: (paid: number, row) => formatAmount(paid, row.currency),
    },
    {
      title: 'Долг',
      dataIndex: 'debt',
      align: 'right',
      width: 130,
      render: (debt: number, row) => (
        <>
          <Debt value={debt} currency={row.currency} />
          <Tag
            color={PAYMENT_STATES[row.payment_state].color}
            style={{ display: 'block', marginTop: 4, marginInlineEnd: 0, textAlign: 'center' }}
          >
            {PAYMENT_STATES[row.payment_state]?.label ?? row.payment_state}
          </Tag>
        </>
      ),
    },
  ];

  return (
    <Card
      title="Бронирования"
      extra={mayBook ? <AddBooking tripId={trip.id} startsOn={trip.starts_on} /> : null}
    >
      {groups.length === 0 ? (
        <EmptyState description="Бронирований пока нет" />
      ) : (
        <Flex vertical gap="middle">
          {groups.map(({ kind, rows }) => (
            <BookingGroup key={kind} kind={kind}>
              <Table<TripSummaryBooking>
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={rows}
                pagination={false}
                scroll={{ x: 'max-content' }}
              />
            </BookingGroup>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function BookingGroup({ kind, children }: { kind: BookingKind; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={5} id={headingId} style={{ marginTop: 0 }}>
        {BOOKING_KINDS[kind].label}
      </Typography.Title>
      {children}
    </section>
  );
}

/** The trip's costs (its bookings in its currency) and profit: paid by participants minus costs. */
function Costs({ summary }: { summary: TripSummaryData }) {
  const { trip, totals, costs } = summary;
  return (
    <Card title="Расходы и прибыль" size="small">
      <Flex vertical gap="small">
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'paid',
              label: 'Оплачено участниками',
              children: formatAmount(totals.paid, trip.currency),
            },
            { key: 'total', label: 'Расходы', children: formatAmount(costs.total, trip.currency) },
            {
              key: 'profit',
              label: 'Прибыль',
              children: (
                <Typography.Text type={costs.profit < 0 ? 'danger' : undefined}>
                  {formatAmount(costs.profit, trip.currency)}
                </Typography.Text>
              ),
            },
          ]}
        />
        {costs.missing_rate ? (
          <Alert
            type="warning"
            showIcon
            title="Для части бронирований нет курса на день начала услуги: они не вошли в расходы и прибыль"
          />
        ) : null}
      </Flex>
    </Card>
  );
}

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
              {trip.status === 'completed' || trip.status === 'cancelled' ? null : (
                <Flex gap="small" wrap>
                  <AddParticipant trip={trip} />
                  <NewTourist trip={trip} />
                </Flex>
              )}
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
