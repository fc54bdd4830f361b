import { DatePicker } from '@tour/shared/ui';
import { DATE_FORMAT, normalizeRange, toApiDate, toDayjs } from '@tour/shared';
import type { AdministrativeReportPeriod } from '../hooks/use-administrative-report-args';

export interface AdministrativePeriodPickerProps {
  from: string;
  to: string;
  onChange: (period: AdministrativeReportPeriod) => void;
}

/** «Период»: the days the operations were confirmed on (DD.MM.YYYY); cleared, the current year. */
export function AdministrativePeriodPicker({
  from,
  to,
  onChange,
}: AdministrativePeriodPickerProps) {
  return (
    <DatePicker.RangePicker
      aria-label="Период"
      format={DATE_FORMAT}
      placeholder={['Период с', 'по']}
      value={[toDayjs(from), toDayjs(to)]}
      onChange={(range) => {
        const [start, end] = normalizeRange(range ?? [null, null]);
        onChange(start && end ? { from: toApiDate(start), to: toApiDate(end) } : null);
      }}
    />
  );
}
