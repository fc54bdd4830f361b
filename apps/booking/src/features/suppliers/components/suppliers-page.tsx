import {
  EmailText,
  Button,
  EmptyState,
  Flex,
  listPagination,
  ListTable,
  LoadError,
  PageFrame,
  SearchBox,
  Select,
  Tag,
  type TableColumnsType,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { BOOKING_KIND_NAMES, BOOKING_KINDS, hrefOf, type BookingKind } from '@tour/shared';
import type { Supplier } from '../../../lib/supplier';
import { useBookingSuppliersPageQuery } from '../api/suppliers-api';
import { useSupplierFilters } from '../hooks/use-supplier-filters';
import { SupplierDrawer } from './supplier-drawer';

const KIND_OPTIONS = BOOKING_KIND_NAMES.map((kind) => ({
  value: kind,
  label: BOOKING_KINDS[kind].label,
}));

function columns(onOpen: (id: number) => void): TableColumnsType<Supplier> {
  return [
    {
      title: 'Название',
      dataIndex: 'name',
      render: (name: string, supplier) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto' }}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(supplier.id);
          }}
        >
          {name}
        </Button>
      ),
    },
    {
      title: 'Виды услуг',
      dataIndex: 'kinds',
      render: (kinds: BookingKind[]) => (
        <Flex wrap gap={4}>
          {kinds.map((kind) => (
            <Tag key={kind}>{BOOKING_KINDS[kind].label}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: 'Контактное лицо',
      dataIndex: 'contact_person',
      render: (v: string | null) => v ?? '—',
    },
    { title: 'Телефон', dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
    {
      title: 'Почта',
      dataIndex: 'email',
      render: (v: string | null) => (v ? <EmailText address={v} /> : '—'),
    },
    { title: 'Город', dataIndex: 'city', render: (v: string | null) => v ?? '—' },
    {
      title: 'Валюта',
      dataIndex: 'default_currency',
      render: (v: string | null) => v?.toUpperCase() ?? '—',
    },
  ];
}

/**
 * booking-suppliers (/admin/suppliers): the directory, searched and filtered by kind from the
 * URL, page by page; a supplier is added or changed in the drawer, with its «История».
 */
export function SuppliersPage({ title }: { title: string }) {
  const { filters, filtered, page, setFilters, setPage, opened, open, close } =
    useSupplierFilters();
  const { data, isFetching, isError, refetch } = useBookingSuppliersPageQuery({ page, ...filters });
  return (
    <PageFrame
      title={title}
      extra={
        <Flex gap="middle" align="center" wrap>
          <Link to={hrefOf('booking-dashboard')}>Общая панель</Link>
          <Button type="primary" onClick={() => open('new')}>
            Добавить поставщика
          </Button>
        </Flex>
      }
    >
      <Flex gap="small" wrap align="center">
        <SearchBox
          label="Поиск: название, контакт, телефон, почта, город"
          value={filters.search ?? ''}
          onApply={(search) => setFilters({ search: search || undefined })}
          width={320}
        />
        <Select<BookingKind>
          aria-label="Вид услуг"
          placeholder="Все виды"
          allowClear
          value={filters.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => setFilters({ kind: kind ?? undefined })}
          style={{ width: 220 }}
        />
      </Flex>
      {isError ? (
        <LoadError title="Не удалось загрузить поставщиков" onRetry={() => void refetch()} />
      ) : (
        <ListTable<Supplier>
          rowKey="id"
          size="middle"
          aria-label="Поставщики"
          columns={columns(open)}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={listPagination(data, page, setPage)}
          scroll={{ x: 'max-content' }}
          onRow={(supplier) => ({ onClick: () => open(supplier.id), style: { cursor: 'pointer' } })}
          locale={{
            emptyText: isFetching ? (
              ' '
            ) : (
              <EmptyState
                description={filtered ? 'Поставщики не найдены' : 'Поставщиков пока нет'}
              />
            ),
          }}
        />
      )}
      <SupplierDrawer opened={opened} onClose={close} onCreated={(supplier) => open(supplier.id)} />
    </PageFrame>
  );
}
