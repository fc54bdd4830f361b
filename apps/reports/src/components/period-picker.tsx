import { DatePicker } from '@tour/shared/ui';
import { DATE_FORMAT, normalizeRange, toApiDate, toDayjs } from '@tour/shared';

/**
 * A report's period as the URL keeps it (without `to`: no end, where the report allows one);
 * null: cleared, the report's default.
 */
export type ReportPeriod = { from: string; to?: string } | null;

export interface PeriodPickerProps {
  from: string;
  to?: string;
  /** The end may stay empty: the period runs on without one. */
  openEnd?: boolean;
  onChange: (period: ReportPeriod) => void;
}

/** «Период» of a report (DD.MM.YYYY); a reversed range is put in order. */
export function PeriodPicker({ from, to, openEnd = false, onChange }: PeriodPickerProps) {
  return (
    <DatePicker.RangePicker
      aria-label="Период"
      format={DATE_FORMAT}
      placeholder={['Период с', 'по']}
      allowEmpty={[false, openEnd]}
      value={[toDayjs(from), toDayjs(to)]}
      onChange={(range) => {
        const [start, end] = normalizeRange(range ?? [null, null]);
        if (!start || (!end && !openEnd)) onChange(null);
        else
          onChange(
            end ? { from: toApiDate(start), to: toApiDate(end) } : { from: toApiDate(start) },
          );
      }}
    />
  );
}
