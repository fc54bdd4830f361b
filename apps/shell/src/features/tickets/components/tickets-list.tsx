import { Flex, listPagination, LoadError, Tabs } from '@tour/shared/ui';
import { REQUEST_STATUS_LIST, REQUEST_STATUSES, type RequestStatus } from '@tour/shared';
import { useShellTicketsCountsQuery, useShellTicketsPageQuery } from '../api/tickets-api';
import { useTicketsFilters } from '../hooks/use-tickets-filters';
import { TicketsFilters } from './tickets-filters';
import { TicketsTable } from './tickets-table';

export interface TicketsListProps {
  onOpen: (id: number) => void;
}

/** The requests by status tab with their counts; tab, filters and page from the URL. */
export function TicketsList({ onOpen }: TicketsListProps) {
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useTicketsFilters();
  const { status, source, assigneeId, unassigned, search, counterpartyId } = filters;
  const common = {
    source,
    assignee_id: assigneeId,
    unassigned,
    search,
    counterparty_id: counterpartyId,
  };
  const list = useShellTicketsPageQuery({ page, status, ...common });
  const counts = useShellTicketsCountsQuery(common);

  return (
    <Flex vertical gap="middle">
      <TicketsFilters
        filters={filters}
        filtered={filtered}
        onChange={setFilters}
        onReset={resetFilters}
      />
      <Tabs
        activeKey={status}
        onChange={(key) => setFilters({ status: key as RequestStatus })}
        items={REQUEST_STATUS_LIST.map((key) => ({
          key,
          label: counts.data
            ? `${REQUEST_STATUSES[key].label} ${counts.data[key]}`
            : REQUEST_STATUSES[key].label,
        }))}
      />
      {list.isError ? (
        <LoadError title="Не удалось загрузить заявки" onRetry={() => void list.refetch()} />
      ) : (
        <TicketsTable
          tickets={list.data?.data ?? []}
          loading={list.isFetching}
          pagination={listPagination(list.data, page, setPage)}
          onOpen={onOpen}
        />
      )}
    </Flex>
  );
}
