import { Flex, listPagination, LoadError } from '@tour/shared/ui';
import { useShellToursPageQuery } from '../api/tours-api';
import { useToursFilters } from '../hooks/use-tours-filters';
import { ToursFilters } from './tours-filters';
import { ToursTable } from './tours-table';

/** The prepared tour list: filters and page from the URL, one page at a time from the server. */
export function ToursList() {
  const { filters, page, filtered, setFilters, setPage, resetFilters } = useToursFilters();
  const { data, isFetching, isError, refetch } = useShellToursPageQuery({
    page,
    search: filters.search,
    country: filters.country,
    published: filters.published === 'all' ? undefined : filters.published === 'yes',
    archived: filters.archived,
  });

  return (
    <Flex vertical gap="middle">
      <ToursFilters
        filters={filters}
        filtered={filtered}
        onChange={setFilters}
        onReset={resetFilters}
      />
      {isError ? (
        <LoadError title="Не удалось загрузить туры" onRetry={() => void refetch()} />
      ) : (
        <ToursTable
          tours={data?.data ?? []}
          loading={isFetching}
          pagination={listPagination(data, page, setPage)}
        />
      )}
    </Flex>
  );
}
