import { Flex, listPagination, LoadError } from '@tour/shared/ui';
import { useShellUsersPageQuery } from '../api/users-api';
import { useUsersFilters } from '../hooks/use-users-filters';
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';

/** The user list: filters and page from the URL, one page at a time from the server. */
export function UsersList() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useUsersFilters();
  const { data, isFetching, isError, refetch } = useShellUsersPageQuery({ page, ...filters });

  return (
    <Flex vertical gap="middle">
      <UsersFilters
        filters={filters}
        filtered={filtered}
        onChange={setFilters}
        onReset={resetFilters}
      />
      {isError ? (
        <LoadError title="Не удалось загрузить пользователей" onRetry={() => void refetch()} />
      ) : (
        <UsersTable
          users={data?.data ?? []}
          loading={isFetching}
          pagination={listPagination(data, page, setPage)}
        />
      )}
    </Flex>
  );
}
