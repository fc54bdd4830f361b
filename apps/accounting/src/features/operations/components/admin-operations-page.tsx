import { useState } from 'react';
import dayjs from 'dayjs';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  LoadError,
  OperationsTable,
  PageFrame,
  Table,
  listPagination,
} from '@tour/shared/ui';
import { useUrlQuery } from '@tour/shared/router';
import { formatAmount, useCan, validationErrorsOf } from '@tour/shared';
import {
  useAccountingOperationsAddCategoryMutation,
  useAccountingOperationsCategoryMonthQuery,
  useAccountingOperationsPageQuery,
  type CategoryMonthTotal,
} from '../api/operations-api';
import { NewMovement } from './new-movement';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first and last day (YYYY-MM-DD) of a month YYYY-MM. */
function daysOf(month: string): { from: string; to: string } {
  const start = dayjs(`${month}-01`);
  return { from: start.format('YYYY-MM-DD'), to: start.endOf('month').format('YYYY-MM-DD') };
}

function AddCategory() {
  const [form] = Form.useForm<{ name: string }>();
  const [add, { isLoading }] = useAccountingOperationsAddCategoryMutation();
  const [error, setError] = useState<string | null>(null);
  const { message } = App.useApp();
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={async ({ name }) => {
        setError(null);
        try {
          const category = await add(name).unwrap();
          if (category) void message.success(`Категория «${category.name}» добавлена`);
          form.resetFields();
        } catch (failure) {
          setError(validationErrorsOf(failure)?.name?.[0] ?? 'Не удалось добавить категорию');
        }
      }}
    >
      <Form.Item
        name="name"
        label="Новая категория"
        validateStatus={error ? 'error' : undefined}
        help={error ?? undefined}
        rules={[{ required: true, whitespace: true, message: 'Укажите название категории' }]}
      >
        <Input maxLength={100} placeholder="Например, Связь" />
      </Form.Item>
      <Button htmlType="submit" loading={isLoading}>
        Добавить
      </Button>
    </Form>
  );
}

const TOTAL_COLUMNS = [
  { title: 'Категория', dataIndex: 'category', key: 'category' },
  {
    title: 'Расходы',
    key: 'outcome',
    align: 'right' as const,
    render: (row: CategoryMonthTotal) => formatAmount(row.outcome, row.currency),
  },
  {
    title: 'Поступления',
    key: 'income',
    align: 'right' as const,
    render: (row: CategoryMonthTotal) => formatAmount(row.income, row.currency),
  },
  { title: 'Операций', dataIndex: 'count', key: 'count', align: 'right' as const },
];

/**
 * balance-admin-operations: the company's income and expenses by category. The month (in the
 * URL, the current one by default) gives the server's totals per category and the month's
 * administrative operations; the accountant records one (a category is required there) and adds
 * categories.
 */
export function AdminOperationsPage({ title }: { title: string }) {
  const { params, page, update, setPage } = useUrlQuery();
  const asked = params.get('month');
  const month = asked && MONTH.test(asked) ? asked : dayjs().format('YYYY-MM');
  const can = useCan();
  const totals = useAccountingOperationsCategoryMonthQuery(month);
  const operations = useAccountingOperationsPageQuery({
    ...daysOf(month),
    administrative: true,
    page,
  });

  return (
    <PageFrame title={title}>
      <Flex gap={16} wrap align="center" justify="space-between">
        <DatePicker
          picker="month"
          format="MM.YYYY"
          allowClear={false}
          aria-label="Месяц"
          value={dayjs(`${month}-01`)}
          onChange={(value) =>
            update({ month: value ? value.format('YYYY-MM') : undefined, page: undefined })
          }
        />
        {can('add_payment') && <NewMovement />}
      </Flex>
      <Card title={`Итоги за ${dayjs(`${month}-01`).format('MM.YYYY')} по категориям`}>
        {totals.isError ? (
          <LoadError onRetry={totals.refetch} />
        ) : (
          <Table<CategoryMonthTotal>
            aria-label="Итоги месяца по категориям"
            rowKey={(row) => `${row.category}-${row.currency}`}
            size="small"
            loading={totals.isLoading}
            columns={TOTAL_COLUMNS}
            dataSource={totals.data ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'В этом месяце подтверждённых административных операций нет' }}
          />
        )}
      </Card>
      <Card title="Операции месяца">
        {operations.isError ? (
          <LoadError onRetry={operations.refetch} />
        ) : (
          <OperationsTable
            label="Административные операции месяца"
            operations={operations.data?.data ?? []}
            loading={operations.isLoading}
            ownWalletIds={[]}
            emptyText="В этом месяце административных операций нет"
            showWallet
            pagination={listPagination(operations.data, page, setPage)}
          />
        )}
      </Card>
      <Card title="Категории">
        <AddCategory />
      </Card>
    </PageFrame>
  );
}
