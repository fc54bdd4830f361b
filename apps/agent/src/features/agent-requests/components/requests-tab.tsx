import { Flex, LoadError, Select } from '@tour/shared/ui';
import { REQUEST_STATUS_LIST, REQUEST_STATUSES, type RequestStatus } from '@tour/shared';
import { useAgentRequestsPageQuery } from '../api/agent-requests-api';
import { useAgentRequestsFilters } from '../hooks/use-agent-requests-filters';
import { RequestsTable } from './requests-table';

const STATUS_OPTIONS = REQUEST_STATUS_LIST.map((status) => ({
  value: status,
  label: REQUEST_STATUSES[status].label,
}));

/** «Заявки»: the requests the agent sent, with their status (and why one was rejected). */
export function RequestsTab() {
  const { args, filtered, setStatus, setPage } = useAgentRequestsFilters();
  const { data, isFetching, isError, refetch } = useAgentRequestsPageQuery(args);
  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap align="center">
        <Select<RequestStatus>
          aria-label="Статус заявки"
          placeholder="Все статусы"
          allowClear
          value={args.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setStatus(status ?? undefined)}
          style={{ width: 200 }}
        />
      </Flex>
      {isError ? (
        <LoadError title="Не удалось загрузить заявки" onRetry={() => void refetch()} />
      ) : (
        <RequestsTable
          page={data}
          currentPage={args.page}
          loading={isFetching}
          filtered={filtered}
          onPage={setPage}
        />
      )}
    </Flex>
  );
}
