import { lazy, Suspense } from 'react';
import { Card, Col, Flex, LoadError, Row, Skeleton, Spin } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { hrefOf } from '@tour/shared';
import { MonthFrame } from '../../../components/month-frame';
import type { MonthRouteName } from '../../../lib/booking-route';
import { useBookingDashboardQuery } from '../api/dashboard-api';
import { BriefTable } from './brief-table';
import { CountsTable } from './counts-table';
import { MissingList } from './missing-list';

// recharts loads only when a dashboard is drawn: it stays out of the remote's first chunk.
const CountsChart = lazy(() => import('./counts-chart'));

function MonthDashboard({ month }: { month: string }) {
  const { data, isLoading, isError, refetch } = useBookingDashboardQuery(month);
  if (isError) {
    return <LoadError title="Не удалось загрузить общую панель" onRetry={() => void refetch()} />;
  }
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!data) return <LoadError title="Нет данных общей панели" onRetry={() => void refetch()} />;
  const total = data.counts.reduce((sum, row) => sum + row.total, 0);
  return (
    <Flex vertical gap="middle">
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={12}>
          <Card size="small" title="Бронирования месяца">
            <CountsTable counts={data.counts} month={month} />
          </Card>
        </Col>
        <Col xs={24} xxl={12}>
          <Card size="small" title="По видам и статусам">
            {total === 0 ? (
              'Бронирований в этом месяце нет'
            ) : (
              <Suspense fallback={<Spin />}>
                <CountsChart counts={data.counts} />
              </Suspense>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={`Ближайшие 7 дней (${data.next_days.total})`}>
        <BriefTable
          label="Ближайшие 7 дней"
          list={data.next_days}
          empty="В ближайшие 7 дней ничего нет"
        />
      </Card>
      <Card size="small" title={`Не подтверждены (${data.unconfirmed.total})`}>
        <BriefTable label="Не подтверждены" list={data.unconfirmed} empty="Всё подтверждено" />
      </Card>
      <Card size="small" title={`Оплата поставщику просрочена (${data.overdue.total})`}>
        <BriefTable
          label="Оплата поставщику просрочена"
          list={data.overdue}
          empty="Просроченных оплат нет"
          money="debt"
        />
      </Card>
      <Card size="small" title={`Туры с недостающими бронированиями (${data.missing.trips})`}>
        <MissingList trips={data.missing.items} total={data.missing.trips} month={month} />
      </Card>
    </Flex>
  );
}

/**
 * booking-dashboard (booking/{MM-YYYY}): the month across kinds — counts by kind and status,
 * what happens in the next 7 days, what is unconfirmed or unpaid past its due date, and trips
 * with missing bookings per participant.
 */
export function DashboardPage({ routeName, title }: { routeName: MonthRouteName; title: string }) {
  return (
    <MonthFrame
      routeName={routeName}
      title={title}
      extra={<Link to={hrefOf('booking-suppliers')}>Поставщики</Link>}
    >
      {({ param }) => <MonthDashboard month={param} />}
    </MonthFrame>
  );
}
