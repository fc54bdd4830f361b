import { useState } from 'react';
import { Button, Flex, LoadError, SearchBox } from '@tour/shared/ui';
import { useAgentTouristsPageQuery } from '../api/agent-tourists-api';
import { useAgentTouristsFilters } from '../hooks/use-agent-tourists-filters';
import { useOpenedTourist } from '../hooks/use-opened-tourist';
import { TouristDrawer } from './tourist-drawer';
import { TouristsTable } from './tourists-table';

/**
 * «Туристы»: the agent's tourists with their readiness and debts, a search, and the drawer that
 * adds one or changes one (mounted when first opened: nothing of the form on the list's render).
 */
export function TouristsTab() {
  const { args, filtered, setSearch, setPage } = useAgentTouristsFilters();
  const { opened, open, close } = useOpenedTourist();
  const { data, isFetching, isError, refetch } = useAgentTouristsPageQuery(args);
  const [drawerMounted, setDrawerMounted] = useState(opened !== null);
  if (opened !== null && !drawerMounted) setDrawerMounted(true);

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap align="center" justify="space-between">
        <SearchBox
          label="Поиск туриста"
          placeholder="ФИО, телефон, email или паспорт"
          value={args.search ?? ''}
          onApply={setSearch}
          width={320}
        />
        <Button type="primary" onClick={() => open('new')}>
          Добавить туриста
        </Button>
      </Flex>
      {isError ? (
        <LoadError title="Не удалось загрузить туристов" onRetry={() => void refetch()} />
      ) : (
        <TouristsTable
          page={data}
          currentPage={args.page}
          loading={isFetching}
          filtered={filtered}
          onPage={setPage}
          onEdit={open}
        />
      )}
      {drawerMounted ? <TouristDrawer opened={opened} onClose={close} /> : null}
    </Flex>
  );
}
