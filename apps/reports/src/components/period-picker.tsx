import { DatePicker } from '@tour/shared/ui';
import { DATE_FORMAT, normalizeRange, toApiDate, toDayjs } from '@tour/shared';

/** A report's period as the URL keeps it; null: cleared (the report's default, the current year). */
export type ReportPeriod = { from: string; to: string } | null;

export interface PeriodPickerProps {
  from: string;
  to: string;
  onChange: (period: ReportPeriod) => void;
}

/** «Период» of a report (DD.MM.YYYY); a reversed range is put in order. */
export function PeriodPicker({ from, to, onChange }: PeriodPickerProps) {
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
