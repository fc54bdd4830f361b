import { useMemo } from 'react';
import {
  EmptyState,
  listPagination,
  ListTable,
  theme,
  type TableColumnsType,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import {
  formatDateTime,
  hrefOf,
  REQUEST_STATUSES,
  type AgentRequest,
  type Paginated,
  type RequestStatus,
} from '@tour/shared';
import { ToneTag, ToneTagStyles, type Tone } from '../../../components/tone-tag';
import { periodText } from '../../../lib/tour-text';

const STACKED = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 4,
} as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const STATUS_TONES: Readonly<Record<RequestStatus, Tone>> = {
  new: 'info',
  in_work: 'warning',
  converted: 'success',
  rejected: 'error',
};

function columns(secondary: string): TableColumnsType<AgentRequest> {
  return [
    {
      title: 'Дата',
      dataIndex: 'created_at',
      render: (at: string) => <span style={NOWRAP}>{formatDateTime(at)}</span>,
    },
    {
      title: 'Тур',
      key: 'tour',
      render: (_value, request) =>
        request.tour_key ? (
          <Link to={hrefOf('agent-tour', { key: request.tour_key })}>
            {request.tour_title ?? request.tour_key}
          </Link>
        ) : (
          (request.tour_title ?? '—')
        ),
    },
    {
      title: 'Выезд',
      key: 'dates',
      render: (_value, request) => (
        <span style={NOWRAP}>{periodText(request.date_from, request.date_to)}</span>
      ),
    },
    {
      title: 'Туристы',
      key: 'tourists',
      render: (_value, request) =>
        request.tourists.length > 0
          ? request.tourists.map((tourist) => tourist.full_name).join(', ')
          : '—',
    },
    {
      title: 'Статус',
      key: 'status',
      render: (_value, request) => (
        <div style={STACKED}>
          <ToneTag tone={STATUS_TONES[request.status] ?? 'info'}>
            {REQUEST_STATUSES[request.status]?.one ?? request.status}
          </ToneTag>
          {request.status === 'rejected' && request.reject_reason ? (
            <span style={{ color: secondary }}>{`Причина: ${request.reject_reason}`}</span>
          ) : null}
        </div>
      ),
    },
    {
      title: 'Комментарий',
      dataIndex: 'comment',
      render: (comment: string | null) => comment || '—',
    },
  ];
}

export interface RequestsTableProps {
  page: Paginated<AgentRequest> | undefined;
  currentPage: number;
  loading: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
}

/** The agent's requests of one page, newest first. */
export function RequestsTable({
  page,
  currentPage,
  loading,
  filtered,
  onPage,
}: RequestsTableProps) {
  const { token } = theme.useToken();
  const tableColumns = useMemo(() => columns(token.colorTextSecondary), [token.colorTextSecondary]);
  return (
    <ToneTagStyles>
      <ListTable<AgentRequest>
        rowKey="id"
        size="middle"
        aria-label="Заявки"
        cardTitle="tour"
        columns={tableColumns}
        dataSource={page?.data ?? []}
        loading={loading}
        pagination={listPagination(page, currentPage, onPage)}
        locale={{
          emptyText: loading ? (
            ' '
          ) : (
            <EmptyState
              description={
                filtered
                  ? 'Заявок с таким статусом нет'
                  : 'Заявок пока нет: отправьте первую со страницы тура'
              }
            />
          ),
        }}
      />
    </ToneTagStyles>
  );
}
