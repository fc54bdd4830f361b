import { Alert, Card, Descriptions, Flex, Typography } from '@tour/shared/ui';
import { formatAmount } from '@tour/shared';
import type { TripSummaryData } from '../../api/trips-api';

/** The trip's costs (its bookings in its currency) and profit: paid by participants minus costs. */
export function Costs({ summary }: { summary: TripSummaryData }) {
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
