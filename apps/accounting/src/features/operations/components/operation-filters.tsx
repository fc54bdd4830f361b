import { useState } from 'react';
import {
  Button,
  DatePicker,
  Flex,
  Input,
  Select,
  TripSelect,
  UserSearchSelect,
} from '@tour/shared/ui';
import {
  DATE_FORMAT,
  normalizeRange,
  toApiDate,
  toDayjs,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@tour/shared';
import {
  useAccountingOperationsCategoriesQuery,
  type OperationFilters,
} from '../api/operations-api';
import { WalletPicker } from './wallet-picker';

const TYPE_OPTIONS = (Object.keys(TRANSACTION_TYPES) as TransactionType[]).map((type) => ({
  value: type,
  label: `${TRANSACTION_TYPES[type].sign} ${TRANSACTION_TYPES[type].label}`,
}));

const STATUS_OPTIONS = (Object.keys(TRANSACTION_STATUSES) as TransactionStatus[]).map((status) => ({
  value: status,
  label: TRANSACTION_STATUSES[status].label,
}));

/** The comment search: applied on Enter or the search button, not on every key. */
function CommentSearch({ value, onApply }: { value: string; onApply: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // Follows the applied value when it changes from outside (a reset, the back button).
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  return (
    <Input.Search
      aria-label="Поиск в комментариях"
      placeholder="Поиск в комментариях"
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => {
        if (next.trim() !== value) onApply(next.trim());
      }}
      style={{ width: 240, maxWidth: '100%' }}
    />
  );
}

export interface OperationFiltersProps {
  filters: OperationFilters;
  /** At least one filter is set. */
  filtered: boolean;
  onChange: (patch: Partial<OperationFilters>) => void;
  onReset: () => void;
}

/** The filters of all operations; each change applies at once (the search on Enter). */
export function OperationFiltersBar({
  filters,
  filtered,
  onChange,
  onReset,
}: OperationFiltersProps) {
  const categories = useAccountingOperationsCategoriesQuery();
  return (
    <Flex gap="small" wrap align="center">
      <WalletPicker
        label="Кошелёк"
        placeholder="Все кошельки"
        value={filters.wallet}
        ownerId={filters.owner}
        onChange={(wallet) => onChange({ wallet })}
        style={{ minWidth: 240 }}
      />
      <UserSearchSelect
        label="Владелец"
        placeholder="Все владельцы"
        value={filters.owner ?? null}
        onChange={(owner) => onChange({ owner: owner ?? undefined })}
        style={{ minWidth: 220 }}
      />
      <Select<TransactionType>
        aria-label="Тип"
        placeholder="Все типы"
        allowClear
        value={filters.type}
        options={TYPE_OPTIONS}
        onChange={(type) => onChange({ type: type ?? undefined })}
        style={{ width: 170 }}
      />
      <Select<TransactionStatus>
        aria-label="Статус"
        placeholder="Все статусы"
        allowClear
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status: status ?? undefined })}
        style={{ width: 220 }}
      />
      <DatePicker.RangePicker
        aria-label="Период"
        format={DATE_FORMAT}
        placeholder={['Период с', 'по']}
        value={[toDayjs(filters.from), toDayjs(filters.to)]}
        allowEmpty={[true, true]}
        onChange={(range) => {
          const [from, to] = normalizeRange(range ?? [null, null]);
          onChange({ from: toApiDate(from) || undefined, to: toApiDate(to) || undefined });
        }}
      />
      <TripSelect
        label="Тур"
        placeholder="Все туры"
        value={filters.trip ?? null}
        onChange={(trip) => onChange({ trip: trip ?? undefined })}
        style={{ minWidth: 220 }}
      />
      <Select<string>
        aria-label="Категория"
        placeholder="Все категории"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={categories.isFetching}
        value={filters.category}
        options={(categories.data ?? []).map(({ name }) => ({ value: name, label: name }))}
        onChange={(category) => onChange({ category: category ?? undefined })}
        style={{ width: 200 }}
      />
      <CommentSearch
        value={filters.search ?? ''}
        onApply={(search) => onChange({ search: search || undefined })}
      />
      <Button onClick={onReset} disabled={!filtered}>
        Сбросить фильтры
      </Button>
    </Flex>
  );
}
