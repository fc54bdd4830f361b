import { useMemo } from 'react';
import { FilterBar, SearchBox, Select } from '@tour/shared/ui';
import { useAgentTourCountriesQuery, type AgentToursArgs } from '../api/agent-tours-api';
import type { AgentToursFiltersPatch } from '../hooks/use-agent-tours-filters';

export interface AgentToursFiltersProps {
  args: AgentToursArgs;
  filtered: boolean;
  onChange: (patch: AgentToursFiltersPatch) => void;
  onReset: () => void;
}

/** The country (one of the published tours') and a text search (applied after a pause in typing or on Enter). */
export function AgentToursFilters({ args, filtered, onChange, onReset }: AgentToursFiltersProps) {
  const { data: countries, isFetching } = useAgentTourCountriesQuery();
  const options = useMemo(() => {
    const list = countries ?? [];
    // A country of a shared link that has no published tour any more still reads as chosen.
    const names = args.country && !list.includes(args.country) ? [args.country, ...list] : list;
    return names.map((country) => ({ value: country, label: country }));
  }, [countries, args.country]);

  return (
    <FilterBar filtered={filtered} onReset={onReset}>
      <Select<string>
        aria-label="Страна"
        placeholder="Все страны"
        allowClear
        showSearch
        loading={isFetching}
        value={args.country}
        options={options}
        onChange={(country) => onChange({ country: country ?? undefined })}
        style={{ width: 200 }}
      />
      <SearchBox
        label="Поиск тура"
        placeholder="Название, страна или город"
        value={args.search ?? ''}
        onApply={(search) => onChange({ search: search || undefined })}
        width={280}
      />
    </FilterBar>
  );
}
