import {
  EmailText,
  EmptyState,
  ListTable,
  Space,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { hrefOf, type User } from '@tour/shared';
import { RoleTags } from './role-tags';

/** What the email column says for a user without one (SPEC.md 8). */
export const NO_EMAIL_TEXT = 'Почта не указана';

const missing = <Typography.Text type="secondary">—</Typography.Text>;

const COLUMNS: TableColumnsType<User> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  {
    title: 'ФИО',
    dataIndex: 'full_name',
    render: (name: string, user) => <Link to={hrefOf('user-edit', { id: user.id })}>{name}</Link>,
  },
  {
    title: 'Email',
    dataIndex: 'email',
    render: (email: string | null) =>
      email ? (
        <EmailText address={email} />
      ) : (
        <Typography.Text type="secondary">{NO_EMAIL_TEXT}</Typography.Text>
      ),
  },
  {
    title: 'Телефон',
    dataIndex: 'phone',
    render: (phone: string | null) => phone || missing,
  },
  {
    title: 'Роли',
    dataIndex: 'roles',
    render: (roles: string[] | undefined) => <RoleTags roles={roles ?? []} />,
  },
  {
    title: 'Паспорт',
    dataIndex: 'passport_number',
    render: (passport: string | null) => passport || missing,
  },
  {
    title: 'Действия',
    key: 'actions',
    fixed: 'right',
    render: (_value, user) => (
      <Space size="middle">
        <Link to={hrefOf('user-edit', { id: user.id })} aria-label={`Изменить: ${user.full_name}`}>
          Изменить
        </Link>
        <Link
          to={hrefOf('user-wallets', { id: user.id })}
          aria-label={`Кошельки: ${user.full_name}`}
        >
          Кошельки
        </Link>
      </Space>
    ),
  },
];

export interface UsersTableProps {
  users: readonly User[];
  loading: boolean;
  pagination: TablePaginationConfig | false;
}

/** The users of one page: name linked to the form, contacts, roles, passport and actions. */
export function UsersTable({ users, loading, pagination }: UsersTableProps) {
  return (
    <ListTable<User>
      cardTitle="full_name"
      rowKey="id"
      size="middle"
      columns={COLUMNS}
      dataSource={users}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: loading ? ' ' : <EmptyState description="Пользователи не найдены" /> }}
      scroll={{ x: 'max-content' }}
    />
  );
}
