import {
  Alert,
  EmptyState,
  Flex,
  LoadError,
  Modal,
  Skeleton,
  Tag,
  Typography,
  useSharedTripCostingLinesQuery,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { skipToken } from '@tour/shared/state';
import {
  BOOKING_KIND_ROUTES,
  BOOKING_KINDS,
  formatAmount,
  formatDate,
  formatMonthParam,
  hrefOf,
  OCCUPANCIES,
  type TripCostingLine,
  type TripCostingLines,
} from '@tour/shared';

/** Where a line's booking opens: its kind's month view, the new booking's form started from it. */
export function costingLineHref(tripId: number, startsOn: string, line: TripCostingLine): string {
  const month = formatMonthParam(line.starts_on ?? startsOn);
  return `${hrefOf(BOOKING_KIND_ROUTES[line.kind], { date: month })}?trip_id=${tripId}&new=1&costing_line=${line.index}`;
}

function datesOf(line: TripCostingLine): string | null {
  if (!line.starts_on) return null;
  if (!line.ends_on || line.ends_on === line.starts_on) return formatDate(line.starts_on);
  return `${formatDate(line.starts_on)} – ${formatDate(line.ends_on)}`;
}

/** «Версия 1 «Лето», группа 4, двухместное размещение»: which costing the lines are of. */
function sourceOf(lines: TripCostingLines): string {
  const { costing } = lines;
  if (!costing) return '';
  const occupancy = OCCUPANCIES[costing.occupancy].label.toLowerCase();
  const applied = costing.applied ? 'применённая' : 'последняя';
  return `Калькуляция «${costing.title}», версия ${costing.version} (${applied}), ${occupancy}; участников: ${lines.group_size}.`;
}

function LineItem({
  tripId,
  startsOn,
  line,
  onPick,
}: {
  tripId: number;
  startsOn: string;
  line: TripCostingLine;
  onPick: () => void;
}) {
  const dates = datesOf(line);
  return (
    <li>
      <Flex vertical gap={2} style={{ paddingBlock: 8 }}>
        <Flex gap="small" wrap align="center">
          <Tag style={{ marginInlineEnd: 0 }}>{BOOKING_KINDS[line.kind].label}</Tag>
          {line.booked ? (
            <Tag color="success" style={{ marginInlineEnd: 0 }}>
              уже забронировано
            </Tag>
          ) : null}
        </Flex>
        <Link to={costingLineHref(tripId, startsOn, line)} onClick={onPick}>
          {line.label}
        </Link>
        <Typography.Text type="secondary">
          {[dates, formatAmount(line.cost, line.currency)].filter(Boolean).join(' · ')}
        </Typography.Text>
      </Flex>
    </li>
  );
}

export interface CostingLinesDialogProps {
  tripId: number;
  startsOn: string;
  open: boolean;
  onClose: () => void;
}

/**
 * «Из калькуляции»: the lines of the trip's costing (the applied version, else the latest),
 * each opening the new booking's form of its kind started from it; a line whose supplier already
 * has a booking of its kind on the trip is marked «уже забронировано».
 */
export function CostingLinesDialog({ tripId, startsOn, open, onClose }: CostingLinesDialogProps) {
  const { data, isError, refetch } = useSharedTripCostingLinesQuery(open ? tripId : skipToken);
  let content;
  if (isError) {
    content = <LoadError title="Не удалось загрузить калькуляцию" onRetry={() => void refetch()} />;
  } else if (!data) content = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (!data.costing) {
    content = (
      <EmptyState description="У тура нет калькуляции: сначала рассчитайте и сохраните её." />
    );
  } else {
    content = (
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{sourceOf(data)}</Typography.Text>
        {data.lines.length === 0 ? (
          <Alert type="info" showIcon title="В калькуляции нет строк" />
        ) : (
          <ul aria-label="Строки калькуляции" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.lines.map((line) => (
              <LineItem
                key={line.index}
                tripId={tripId}
                startsOn={startsOn}
                line={line}
                onPick={onClose}
              />
            ))}
          </ul>
        )}
      </Flex>
    );
  }
  return (
    <Modal title="Бронирование из калькуляции" open={open} onCancel={onClose} footer={null}>
      {content}
    </Modal>
  );
}
