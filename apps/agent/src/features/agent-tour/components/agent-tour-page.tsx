import { Card, LoadError, PageFrame, Result, Skeleton } from '@tour/shared/ui';
import { Link, useParams } from '@tour/shared/router';
import { hrefOf, statusOf } from '@tour/shared';
import { useAgentTourQuery } from '../api/agent-tour-api';
import { RequestForm } from './request-form';
import { DeparturesTable, TourItinerary, TourOverview, TourServices } from './tour-sections';

const BACK = <Link to={hrefOf('agent-tours')}>← Все туры</Link>;

/** An unknown key, or a tour no longer published for agents: both read the same. */
function TourNotFound({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <Result
        status="404"
        title="Тур не найден"
        subTitle="Такого тура нет или он больше не опубликован для агентов."
        extra={<Link to={hrefOf('agent-tours')}>Все туры</Link>}
      />
    </PageFrame>
  );
}

/**
 * agent-tour: one published tour by its key: its description, day-by-day programme, what is
 * included and not, its departures with free seats, and the request form «Заявка на тур».
 */
export function AgentTourPage({ title }: { title: string }) {
  const { key = '' } = useParams();
  const {
    data: tour,
    error,
    isLoading,
    isError,
    refetch,
  } = useAgentTourQuery(key, {
    skip: key === '',
  });

  if (key === '' || (isError && statusOf(error) === 404)) return <TourNotFound title={title} />;
  if (isError) {
    return (
      <PageFrame title={title} extra={BACK}>
        <LoadError title="Не удалось загрузить тур" onRetry={() => void refetch()} />
      </PageFrame>
    );
  }
  if (isLoading) {
    return (
      <PageFrame title={title} extra={BACK}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </PageFrame>
    );
  }
  if (!tour) return <TourNotFound title={title} />;

  return (
    <PageFrame title={tour.title} extra={BACK}>
      <TourOverview tour={tour} />
      <TourItinerary tour={tour} />
      <TourServices tour={tour} />
      <DeparturesTable departures={tour.departures} />
      <Card size="small" title="Заявка на тур">
        <RequestForm key={tour.key} tourKey={tour.key} departures={tour.departures} />
      </Card>
    </PageFrame>
  );
}
