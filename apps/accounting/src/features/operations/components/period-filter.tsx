import { DatePicker } from '@tour/shared/ui';
import { DATE_FORMAT, normalizeRange, toApiDate, toDayjs } from '@tour/shared';

/** A period as the operations lists filter it: YYYY-MM-DD days, either end open, ordered. */
export interface Period {
  from?: string;
  to?: string;
}

/** «Период»: a range of days, either end left open, the later one sent as `to`. */
export function PeriodFilter({
  value,
  placeholder,
  width,
  onChange,
}: {
  value: Period;
  /** What the first end says («Период с», «Создана с»). */
  placeholder: string;
  width: number | string;
  onChange: (period: Period) => void;
}) {
  return (
    <DatePicker.RangePicker
      aria-label="Период"
      format={DATE_FORMAT}
      placeholder={[placeholder, 'по']}
      value={[toDayjs(value.from), toDayjs(value.to)]}
      allowEmpty={[true, true]}
      onChange={(range) => {
        const [from, to] = normalizeRange(range ?? [null, null]);
        onChange({ from: toApiDate(from) || undefined, to: toApiDate(to) || undefined });
      }}
      style={{ width }}
    />
  );
}
