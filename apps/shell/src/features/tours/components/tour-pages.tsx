import { useNavigate, useParams } from '@tour/shared/router';
import { CURRENCY_LABELS, hrefOf, positiveInteger, routeByName, type Currency } from '@tour/shared';
import {
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
import { useShellTourQuery } from '../api/tours-api';
import { ButtonLink } from '../../../components/button-link';
import { useCostingTab } from '../../../components/costing-tab';
import { ExcelImportButton } from '../../../components/excel-import-button';
import { TourActions } from './tour-actions';
import { TourForm } from './tour-form';
import { ToursList } from './tours-list';

/** The fields of a prepared tour's "История": names, amounts in its currency, the percent. */
function historyFields(currency: Currency): Record<string, string | HistoryField> {
  const amount = (label: string) => historyAmount(label, currency);
  return {
    title: 'Название',
    key: 'Ключ',
    country: 'Страна',
    cities: 'Города',
    days: 'Дней',
    itinerary: 'Программа',
    included: 'Включено',
    not_included: 'Не включено',
    base_price: amount('Базовая цена'),
    currency: 'Валюта',
    agent_price: amount('Цена для агентов'),
    agent_commission: { label: 'Комиссия агента', format: (value) => `${String(value)} %` },
    published: 'Опубликован для агентов',
    memo: 'Памятка туристу',
  };
}

/** tours: the prepared tour list. */
export function ToursPage() {
  return (
    <PageFrame
      title={routeByName('tours').title}
      extra={
        <Flex gap="small" wrap>
          <ExcelImportButton kind="tours" />
          <ButtonLink type="primary" to={hrefOf('tour-create')}>
            Новый тур
          </ButtonLink>
        </Flex>
      }
    >
      <ToursList />
    </PageFrame>
  );
}

const toList = <ButtonLink to={hrefOf('tours')}>К списку</ButtonLink>;

/** tour-create: a new prepared tour; once created, its own form opens. */
export function TourCreatePage() {
  const navigate = useNavigate();
  return (
    <PageFrame title={routeByName('tour-create').title} extra={toList}>
      <TourForm
        onSaved={(tour) => void navigate(hrefOf('tour-edit', { id: tour.id }), { replace: true })}
      />
    </PageFrame>
  );
}

/** tour-edit: one prepared tour's form and its history; it stays open after a save. */
export function TourEditPage() {
  const id = positiveInteger(useParams().id);
  const {
    data: tour,
    isLoading,
    isFetching,
    isError,
    error,
    refetch,
  } = useShellTourQuery(id ?? 0, { skip: id === undefined });
  const title = routeByName('tour-edit').title;
  const costingTab = useCostingTab(
    tour ? { kind: 'prepared_tour', id: tour.id, currency: tour.currency } : null,
  );
  const notFound =
    id === undefined ||
    (isError && 'status' in error && error.status === 404) ||
    (!isLoading && !isFetching && !isError && tour === null);

  if (notFound) {
    return (
      <PageFrame title={title}>
        <Result
          status="404"
          title="Тур не найден"
          subTitle="Возможно, его удалили."
          extra={
            <ButtonLink type="primary" to={hrefOf('tours')}>
              К списку туров
            </ButtonLink>
          }
        />
      </PageFrame>
    );
  }

  const note = tour
    ? `${tour.title}${tour.archived_at ? ' — в архиве: не виден агентам и в выборе тура' : ''}`
    : undefined;
  return (
    <PageFrame
      title={title}
      note={note}
      extra={
        <Flex gap="small" wrap>
          {tour ? <TourActions tour={tour} /> : null}
          {toList}
        </Flex>
      }
    >
      {isError ? (
        <LoadError title="Не удалось загрузить тур" onRetry={() => void refetch()} />
      ) : tour ? (
        <Tabs
          items={[
            {
              key: 'tour',
              label: 'Тур',
              // A new form for each tour: moving from one tour's form to another's starts afresh.
              children: <TourForm key={tour.id} tour={tour} onSaved={() => undefined} />,
            },
            ...(costingTab ? [costingTab] : []),
            {
              key: 'history',
              label: 'История',
              children: (
                <HistoryList
                  record="prepared_tour"
                  path={`/admin/tour/${tour.id}`}
                  id={tour.id}
                  fields={historyFields(tour.currency)}
                  values={CURRENCY_LABELS}
                />
              ),
            },
          ]}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </PageFrame>
  );
}
