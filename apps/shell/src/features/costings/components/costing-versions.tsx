import { useState } from 'react';
import {
  allMessagesOf,
  failureTextOf,
  formatAmount,
  formatDateTime,
  OCCUPANCIES,
  type Costing,
  type Currency,
  type Occupancy,
} from '@tour/shared';
import {
  Alert,
  App,
  Button,
  EmptyState,
  Flex,
  LoadError,
  Modal,
  ScrollRegion,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from '@tour/shared/ui';
import {
  useShellCostingsApplyMutation,
  useShellCostingsVersionsQuery,
  type CostingSubjectRef,
} from '../api/costings-api';
import { CostingTable } from './costing-table';

/** The trip whose price a version's cell may become. */
export interface PricedTrip {
  id: number;
  price: number;
  currency: Currency;
}

interface Applying {
  costing: Costing;
  group_size: number;
  occupancy: Occupancy;
}

const cellName = (groupSize: number, occupancy: Occupancy) =>
  `группа ${groupSize} чел., ${OCCUPANCIES[occupancy].label.toLowerCase()}`;

/** «Применить цену»: what the trip's price becomes, asked before it is set. */
function ApplyDialog({
  applying,
  trip,
  onClose,
}: {
  applying: Applying;
  trip: PricedTrip;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [apply, { isLoading, error, reset }] = useShellCostingsApplyMutation();
  const { costing, group_size, occupancy } = applying;
  const price = costing.rows.find((row) => row.group_size === group_size)![occupancy].price;
  const next = formatAmount(price, costing.currency);
  const failure = error
    ? (allMessagesOf(error)?.join(' ') ??
      failureTextOf(error, {
        serverMessage: 'otherwise',
        fallback: 'Не удалось применить цену. Попробуйте ещё раз.',
      }))
    : null;
  const confirm = async () => {
    reset();
    const result = await apply({ costingId: costing.id, tripId: trip.id, group_size, occupancy });
    if ('data' in result) {
      void message.success(`Цена тура — ${next} на человека`);
      onClose();
    }
  };
  return (
    <Modal
      open
      title="Применить цену"
      okText="Применить цену"
      cancelText="Отмена"
      confirmLoading={isLoading}
      onOk={() => void confirm()}
      onCancel={onClose}
      width="min(520px, 100vw)"
    >
      <Flex vertical gap="small">
        <Typography.Text>
          Цена тура на человека станет <Typography.Text strong>{next}</Typography.Text> — версия{' '}
          {costing.version} «{costing.title}», {cellName(group_size, occupancy)}.
        </Typography.Text>
        <Typography.Text type="secondary">
          Сейчас: {formatAmount(trip.price, trip.currency)} на человека.
        </Typography.Text>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Flex>
    </Modal>
  );
}

export interface CostingVersionsProps {
  subject: CostingSubjectRef;
  /** A trip's versions offer «Применить цену» on each cell of their tables. */
  trip?: PricedTrip;
  /** The version to open expanded (the one just saved). */
  expanded: number | null;
  onExpand: (id: number | null) => void;
  /** «Открыть»: the version's body becomes a new draft. */
  onOpen: (costing: Costing) => void;
}

/** The saved versions, newest first; each one's table on demand; a version never changes. */
export function CostingVersions({
  subject,
  trip,
  expanded,
  onExpand,
  onOpen,
}: CostingVersionsProps) {
  const { data, isLoading, isError, refetch } = useShellCostingsVersionsQuery(subject);
  const [applying, setApplying] = useState<Applying | null>(null);

  if (isError) {
    return (
      <LoadError title="Не удалось загрузить версии калькуляции" onRetry={() => void refetch()} />
    );
  }
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (data.length === 0) return <EmptyState description="Сохранённых версий пока нет" />;

  const columns: TableColumnsType<Costing> = [
    { key: 'version', title: 'Версия', render: (_, costing) => `№ ${costing.version}`, width: 80 },
    { key: 'title', title: 'Название', dataIndex: 'title' },
    {
      key: 'who',
      title: 'Кто',
      render: (_, costing) => costing.created_by_name ?? '—',
    },
    { key: 'when', title: 'Когда', render: (_, costing) => formatDateTime(costing.created_at) },
    {
      key: 'actions',
      title: 'Действия',
      render: (_, costing) => (
        <Flex gap="small" wrap>
          <Button size="small" onClick={() => onOpen(costing)}>
            Открыть
          </Button>
          <Button
            size="small"
            type="link"
            aria-expanded={expanded === costing.id}
            onClick={() => onExpand(expanded === costing.id ? null : costing.id)}
          >
            {expanded === costing.id ? 'Скрыть таблицу' : 'Таблица цен'}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ScrollRegion label="Версии калькуляции">
        <Table<Costing>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={data}
          pagination={false}
          style={{ minWidth: 560 }}
          expandable={{
            expandedRowKeys: expanded === null ? [] : [expanded],
            showExpandColumn: false,
            expandedRowRender: (costing) => (
              <CostingTable
                label={`Таблица цен версии ${costing.version}`}
                rows={costing.rows}
                currency={costing.currency}
                cellExtra={
                  trip
                    ? (row, occupancy) => (
                        <Button
                          size="small"
                          aria-label={`Применить цену: версия ${costing.version}, ${cellName(row.group_size, occupancy)}`}
                          onClick={() =>
                            setApplying({ costing, group_size: row.group_size, occupancy })
                          }
                        >
                          Применить цену
                        </Button>
                      )
                    : undefined
                }
              />
            ),
          }}
        />
      </ScrollRegion>
      {applying && trip ? (
        <ApplyDialog applying={applying} trip={trip} onClose={() => setApplying(null)} />
      ) : null}
    </>
  );
}
