import { Card, Flex, Typography } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { formatDate, hrefOf, MISSING_BOOKINGS } from '@tour/shared';
import type { TripReadinessProblem, TripSummaryData } from '../../api/trips-api';

type ReadinessRow = TripSummaryData['readiness'][number];

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
export function Readiness({ rows }: { rows: TripSummaryData['readiness'] }) {
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
