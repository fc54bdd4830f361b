import type { ReactNode } from 'react';
import { useNavigate, useParams, useUrlQuery } from '@tour/shared/router';
import {
  CURRENCIES,
  CURRENCY_LABELS,
  formatDate,
  hrefOf,
  isCurrency,
  PARTICIPANT_STATUS_LIST,
  PARTICIPANT_STATUSES,
  positiveInteger,
  routeByName,
  TRIP_FLIGHTS,
  TRIP_FLIGHTS_LIST,
  TRIP_STATUS_LIST,
  TRIP_STATUSES,
  type Currency,
} from '@tour/shared';
import {
  Card,
  Flex,
  historyAmount,
  HistoryList,
  type HistoryField,
  LoadError,
  PageFrame,
  Result,
  Skeleton,
  Tabs,
} from '@tour/shared/ui';
import { ButtonLink } from '../../../components/button-link';
import { useCostingTab } from '../../../components/costing-tab';
import { useShellTripQuery, useShellTripsSummaryQuery } from '../api/trips-api';
import { ParticipantsPanel } from './participants-panel';
import { TripForm } from './trip-form';
import { TripStatusBar } from './trip-status';
import { TripSummaryView } from './trip-summary/trip-summary';
import { TripsList } from './trips-list';

const toList = <ButtonLink to={hrefOf('trips')}>К списку</ButtonLink>;

/** The fields of a trip's "История": names, and amounts in the trip's currency. */
function historyFields(currency: Currency): Record<string, string | HistoryField> {
  const amount = (label: string) => historyAmount(label, currency);
  return {
    title: 'Название',
    country: 'Страна',
    starts_on: 'Начало',
    ends_on: 'Конец',
    status: 'Статус',
    price: amount('Цена'),
    currency: 'Валюта',
    seats: 'Мест',
    flights: 'Перелёт',
    manager_id: 'Менеджер',
    itinerary: 'Программа',
    notes: 'Заметки',
    user_id: 'Турист',
    discount: amount('Скидка'),
    costing: 'Калькуляция',
  };
}

const HISTORY_VALUES: Record<string, string> = Object.fromEntries([
  ...CURRENCIES.map((code) => [code, `${CURRENCY_LABELS[code]} (${code.toUpperCase()})`]),
  ...PARTICIPANT_STATUS_LIST.map((status) => [status, PARTICIPANT_STATUSES[status].label]),
  ...TRIP_STATUS_LIST.map((status) => [status, TRIP_STATUSES[status].label]),
  ...TRIP_FLIGHTS_LIST.map((flights) => [flights, TRIP_FLIGHTS[flights].label]),
]);

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

function TripNotFound({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <Result
        status="404"
        title="Тур не найден"
        subTitle="Возможно, его нет или он вам недоступен."
        extra={
          <ButtonLink type="primary" to={hrefOf('trips')}>
            К списку туров
          </ButtonLink>
        }
      />
    </PageFrame>
  );
}

/** trips: the trip list with its filters. */
export function TripsPage() {
  return (
    <PageFrame
      title={routeByName('trips').title}
      extra={
        <ButtonLink type="primary" to={hrefOf('trip-create')}>
          Новый тур
        </ButtonLink>
      }
    >
      <TripsList />
    </PageFrame>
  );
}

/** trip-create: a new trip; once created, its form opens (for the participants next). */
export function TripCreatePage() {
  const navigate = useNavigate();
  return (
    <PageFrame title={routeByName('trip-create').title} extra={toList}>
      <TripForm
        onSaved={(trip) => void navigate(hrefOf('trip-edit', { id: trip.id }), { replace: true })}
      />
    </PageFrame>
  );
}

/** trip-edit: the trip's status, its form, participants and history. */
export function TripEditPage() {
  const id = positiveInteger(useParams().id);
  const {
    data: trip,
    isLoading,
    isFetching,
    isError,
    error,
    refetch,
  } = useShellTripQuery(id ?? 0, { skip: id === undefined });
  const title = routeByName('trip-edit').title;
  const costingTab = useCostingTab(
    trip
      ? {
          kind: 'trip',
          id: trip.id,
          startsOn: trip.starts_on,
          price: trip.price,
          currency: trip.currency,
        }
      : null,
  );
  if (
    id === undefined ||
    isNotFound(error) ||
    (!isLoading && !isFetching && !isError && trip === null)
  ) {
    return <TripNotFound title={title} />;
  }

  let content: ReactNode;
  if (isError) {
    content = <LoadError title="Не удалось загрузить тур" onRetry={() => void refetch()} />;
  } else if (!trip) {
    content = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    content = (
      <Flex vertical gap="middle">
        <Card size="small">
          <TripStatusBar trip={trip} />
        </Card>
        <Tabs
          items={[
            // A new form for each trip: moving from one trip's form to another's starts afresh;
            // and for a price set elsewhere (the costing's «Применить цену»), never saved back.
            {
              key: 'trip',
              label: 'Тур',
              children: (
                <TripForm
                  key={`${trip.id}-${trip.price}-${trip.currency}`}
                  trip={trip}
                  onSaved={() => undefined}
                />
              ),
            },
            {
              key: 'participants',
              label: `Участники (${trip.seats_taken} из ${trip.seats})`,
              children: <ParticipantsPanel trip={trip} />,
            },
            ...(costingTab ? [costingTab] : []),
            {
              key: 'history',
              label: 'История',
              children: (
                <HistoryList
                  record="trip"
                  path={`/admin/trip/${trip.id}`}
                  id={trip.id}
                  fields={historyFields(trip.currency)}
                  entities={{ participant: 'Участник' }}
                  values={HISTORY_VALUES}
                />
              ),
            },
          ]}
        />
      </Flex>
    );
  }

  return (
    <PageFrame
      title={title}
      note={
        trip
          ? `${trip.title}, ${formatDate(trip.starts_on)}–${formatDate(trip.ends_on)}`
          : undefined
      }
      extra={
        <Flex gap="small" wrap>
          {trip ? (
            <ButtonLink to={hrefOf('trip-summary', { id: trip.id })}>Сводка</ButtonLink>
          ) : null}
          {toList}
        </Flex>
      }
    >
      {content}
    </PageFrame>
  );
}

/** trip-summary: participants and money of one trip, its readiness; bookings and profit later. */
export function TripSummaryPage() {
  const id = positiveInteger(useParams().id);
  const { params, update } = useUrlQuery();
  const chosen = params.get('currency');
  const currency: Currency | undefined = isCurrency(chosen) ? chosen : undefined;
  const {
    data: summary,
    isLoading,
    isFetching,
    isError,
    error,
    refetch,
  } = useShellTripsSummaryQuery({ id: id ?? 0, currency }, { skip: id === undefined });
  const title = routeByName('trip-summary').title;
  if (
    id === undefined ||
    isNotFound(error) ||
    (!isLoading && !isFetching && !isError && summary === null)
  ) {
    return <TripNotFound title={title} />;
  }

  return (
    <PageFrame
      title={title}
      note={summary ? summary.trip.title : undefined}
      extra={
        <Flex gap="small" wrap>
          <ButtonLink to={hrefOf('trip-edit', { id })}>Изменить тур</ButtonLink>
          {toList}
        </Flex>
      }
    >
      {isError ? (
        <LoadError title="Не удалось загрузить сводку по туру" onRetry={() => void refetch()} />
      ) : summary ? (
        <TripSummaryView
          summary={summary}
          currency={currency}
          onCurrencyChange={(next) => update({ currency: next })}
          loading={isFetching}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </PageFrame>
  );
}
