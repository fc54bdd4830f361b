import { useMemo } from 'react';
import {
  EmptyState,
  listPagination,
  ListTable,
  theme,
  type TableColumnsType,
} from '@tour/shared/ui';
import { formatAmount, formatDate, type AgentTourist, type Paginated } from '@tour/shared';
import { ToneTagStyles } from '../../../components/tone-tag';
import { ReadinessTags } from './readiness-tags';
import { TouristTrips } from './tourist-trips';

// Plain elements in the cells, the readiness tags and the row's button too: antd's components
// per cell cost more to render than the table, and this list is the section's measured first
// opening (from «Туры» to its rows).
const STACKED = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function linkButton(color: string) {
  return {
    padding: 0,
    border: 0,
    background: 'none',
    color,
    cursor: 'pointer',
    font: 'inherit',
  } as const;
}

function columns(
  secondary: string,
  link: string,
  onEdit: (id: number) => void,
): TableColumnsType<AgentTourist> {
  const editStyle = linkButton(link);
  return [
    {
      title: 'ФИО',
      key: 'name',
      render: (_value, tourist) => (
        <div style={STACKED}>
          <span>{tourist.full_name}</span>
          {tourist.email ? <span style={{ color: secondary }}>{tourist.email}</span> : null}
        </div>
      ),
    },
    {
      title: 'Телефон',
      dataIndex: 'phone',
      render: (phone: string | null) => <span style={NOWRAP}>{phone || '—'}</span>,
    },
    {
      title: 'Паспорт до',
      dataIndex: 'passport_expires_at',
      render: (expires: string | null) => formatDate(expires) || '—',
    },
    {
      title: 'Документы',
      key: 'problems',
      render: (_value, tourist) => <ReadinessTags problems={tourist.problems} />,
    },
    {
      title: 'Долг',
      key: 'owes',
      align: 'right',
      render: (_value, tourist) =>
        tourist.owes.length > 0 ? (
          <div style={{ ...STACKED, alignItems: 'flex-end' }}>
            {tourist.owes.map((owed) => (
              <span key={owed.currency} style={NOWRAP}>
                {formatAmount(owed.amount, owed.currency)}
              </span>
            ))}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: 'Туров',
      key: 'trips',
      align: 'right',
      render: (_value, tourist) => tourist.trips.length,
    },
    {
      title: 'Действия',
      key: 'actions',
      render: (_value, tourist) => (
        <button
          type="button"
          style={editStyle}
          aria-label={`Изменить: ${tourist.full_name}`}
          onClick={() => onEdit(tourist.id)}
        >
          Изменить
        </button>
      ),
    },
  ];
}

export interface TouristsTableProps {
  page: Paginated<AgentTourist> | undefined;
  currentPage: number;
  loading: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
  onEdit: (id: number) => void;
}

/** The agent's tourists of one page; a row with trips expands to show them. */
export function TouristsTable({
  page,
  currentPage,
  loading,
  filtered,
  onPage,
  onEdit,
}: TouristsTableProps) {
  const { token } = theme.useToken();
  const tableColumns = useMemo(
    () => columns(token.colorTextSecondary, token.colorLink, onEdit),
    [token.colorTextSecondary, token.colorLink, onEdit],
  );
  return (
    <ToneTagStyles>
      <ListTable<AgentTourist>
        rowKey="id"
        size="middle"
        aria-label="Туристы"
        columns={tableColumns}
        dataSource={page?.data ?? []}
        loading={loading}
        pagination={listPagination(page, currentPage, onPage)}
        expandable={{
          expandedRowRender: (tourist) => <TouristTrips tourist={tourist} />,
          rowExpandable: (tourist) => tourist.trips.length > 0,
        }}
        locale={{
          emptyText: loading ? (
            ' '
          ) : (
            <EmptyState
              description={filtered ? 'Туристы не найдены' : 'Туристов пока нет: добавьте первого'}
            />
          ),
        }}
      />
    </ToneTagStyles>
  );
}
