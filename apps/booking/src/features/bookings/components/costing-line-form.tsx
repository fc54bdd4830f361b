import { useMemo } from 'react';
import {
  Alert,
  Flex,
  LoadError,
  Skeleton,
  Typography,
  useSharedTripCostingLinesQuery,
} from '@tour/shared/ui';
import { formatAmount, type BookingKind } from '@tour/shared';
import type { Booking } from '../api/types';
import { costingLineForm } from '../lib/costing-line-values';
import { BookingForm } from './booking-form';

export interface CostingLineFormProps {
  kind: BookingKind;
  tripId: number;
  /** The line's number in the trip's costing, from 1. */
  index: number;
  onSaved: (booking: Booking) => void;
  onCancel: () => void;
}

/**
 * A new booking started from a line of the trip's costing («Из калькуляции» of the trip
 * summary): the form pre-filled from the line, every field still editable. A line that is gone
 * (another version applied) or of another kind leaves the form empty, said so.
 */
export function CostingLineForm({ kind, tripId, index, onSaved, onCancel }: CostingLineFormProps) {
  const { data, isError, refetch } = useSharedTripCostingLinesQuery(tripId);
  const line = data?.lines.find(
    (candidate) => candidate.index === index && candidate.kind === kind,
  );
  const start = useMemo(
    () =>
      line && data
        ? {
            values: costingLineForm(kind, tripId, line, data.group_size),
            supplierName: line.supplier_name,
          }
        : undefined,
    [data, kind, line, tripId],
  );
  if (isError) {
    return (
      <LoadError title="Не удалось загрузить калькуляцию тура" onRetry={() => void refetch()} />
    );
  }
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Flex vertical gap="middle">
      {line ? (
        <Alert
          type="info"
          showIcon
          title={`Из калькуляции: ${line.label}`}
          description={
            <Typography.Text>
              {`По плану ${formatAmount(line.cost, line.currency)}`}
              {line.booked ? ' · уже забронировано' : ''}
            </Typography.Text>
          }
        />
      ) : (
        <Alert type="warning" showIcon title="Строка калькуляции не найдена: форма пустая" />
      )}
      <BookingForm
        kind={kind}
        presetTripId={tripId}
        start={start}
        onSaved={onSaved}
        onCancel={onCancel}
      />
    </Flex>
  );
}
