import { useCallback } from 'react';
import { Button, DatePicker, Flex, Select, UserSearchSelect } from '@tour/shared/ui';
import { DATE_FORMAT, normalizeRange, toApiDate, toDayjs } from '@tour/shared';
import { DebouncedInput } from '../../../components/debounced-input';
import type { AuditFilters as Filters } from '../hooks/use-audit-filters';
import { ACTION_LABELS } from '../lib/audit-labels';

const ACTION_OPTIONS = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }));

export interface AuditFiltersProps {
  filters: Filters;
  filtered: boolean;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
}

/** The log's filters: text, who, what and the period. */
export function AuditFilters({ filters, filtered, onChange, onReset }: AuditFiltersProps) {
  const changeSearch = useCallback((search: string) => onChange({ search }), [onChange]);
  return (
    <Flex gap="small" wrap align="center">
      <DebouncedInput
        search
        label="Поиск"
        placeholder="Логин, адрес, запись, изменения"
        value={filters.search}
        onChange={changeSearch}
        style={{ width: 300, maxWidth: '100%' }}
      />
      <UserSearchSelect
        label="Пользователь"
        placeholder="Все пользователи"
        value={filters.userId ?? null}
        onChange={(userId) => onChange({ userId: userId ?? undefined })}
        style={{ minWidth: 240 }}
      />
      <Select<string>
        aria-label="Действие"
        placeholder="Все действия"
        allowClear
        value={filters.action || undefined}
        options={ACTION_OPTIONS}
        onChange={(action) => onChange({ action: action ?? '' })}
        style={{ width: 200 }}
      />
      <DatePicker.RangePicker
        aria-label="Период"
        format={DATE_FORMAT}
        placeholder={['Период с', 'по']}
        value={[toDayjs(filters.from || null), toDayjs(filters.to || null)]}
        allowEmpty={[true, true]}
        onChange={(range) => {
          const [from, to] = normalizeRange(range ?? [null, null]);
          onChange({ from: toApiDate(from), to: toApiDate(to) });
        }}
      />
      <Button onClick={onReset} disabled={!filtered}>
        Сбросить фильтры
      </Button>
    </Flex>
  );
}
