import { LoadError, PageFrame } from '@tour/shared/ui';
import { useAgentToursPageQuery } from '../api/agent-tours-api';
import { useAgentToursFilters } from '../hooks/use-agent-tours-filters';
import { AgentToursFilters } from './agent-tours-filters';
import { AgentToursTable } from './agent-tours-table';

/**
 * agent-tours: the tours published for agents with their terms and upcoming departures; the
 * country, the search and the page live in the URL.
 */
export function AgentToursPage({ title }: { title: string }) {
  const { args, filtered, setFilters, setPage, resetFilters } = useAgentToursFilters();
  const { data, isFetching, isError, refetch } = useAgentToursPageQuery(args);
  return (
    <PageFrame title={title}>
      <AgentToursFilters
        args={args}
        filtered={filtered}
        onChange={setFilters}
        onReset={resetFilters}
      />
      {isError ? (
        <LoadError title="Не удалось загрузить туры" onRetry={() => void refetch()} />
      ) : (
        <AgentToursTable
          page={data}
          currentPage={args.page}
          loading={isFetching}
          filtered={filtered}
          onPage={setPage}
        />
      )}
    </PageFrame>
  );
}
