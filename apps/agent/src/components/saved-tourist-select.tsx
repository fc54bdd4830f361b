import { useState } from 'react';
import { Select } from '@tour/shared/ui';
import { api, emptyPage, transformCode1, type AgentTourist, type Paginated } from '@tour/shared';
import { agentTags } from '../lib/agent-tags';

// The agent's saved tourists as choices of a form (a request's traveller): the first page of the
// agent's own tourists found by name, phone, email or passport, as GET /agent/tourists answers.
const savedTouristsApi = api.injectEndpoints({
  endpoints: (build) => ({
    agentTouristChoices: build.query<Paginated<AgentTourist>, string>({
      query: (search) => ({
        url: '/agent/tourists',
        params: { page: 1, search: search || undefined },
      }),
      transformResponse: transformCode1(emptyPage<AgentTourist>()),
      providesTags: [agentTags.touristLists],
    }),
  }),
});

export interface SavedTouristSelectProps {
  /** Accessible name of the field. */
  label: string;
  /** The tourist chosen, its name and phone to fill the traveller's row. */
  onPick: (tourist: AgentTourist) => void;
}

/** «Из моих туристов»: search the agent's tourists and pick one. */
export function SavedTouristSelect({ label, onPick }: SavedTouristSelectProps) {
  const [search, setSearch] = useState('');
  const { data, isFetching } = savedTouristsApi.useAgentTouristChoicesQuery(search.trim());
  const tourists = data?.data ?? [];
  return (
    <Select<number>
      aria-label={label}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={null}
      placeholder="Найти по ФИО, телефону или паспорту"
      loading={isFetching}
      notFoundContent={isFetching ? 'Ищем…' : 'Среди ваших туристов не найдено'}
      options={tourists.map((tourist) => ({
        value: tourist.id,
        label: tourist.phone ? `${tourist.full_name} · ${tourist.phone}` : tourist.full_name,
      }))}
      onChange={(id) => {
        const tourist = tourists.find((item) => item.id === id);
        if (tourist) onPick(tourist);
        setSearch('');
      }}
    />
  );
}
