import { useNavigate, useParams } from '@tour/shared/router';
import {
  COUNTERPARTY_ROLE_EXPRESSION,
  hrefOf,
  is,
  positiveInteger,
  routeAllows,
  routeByName,
  usePermissionData,
  type User,
} from '@tour/shared';
import { Flex, HistoryList, PageFrame, Result, Skeleton, LoadError, Tabs } from '@tour/shared/ui';
import { useShellUserQuery } from '../../../lib/user-calls';
import { ButtonLink } from '../../../components/button-link';
import { ExcelImportButton } from '../../../components/excel-import-button';
import { AgentPapers } from './agent-papers';
import { AgentSection } from './agent-section';
import { UserForm } from './user-form';
import { UsersList } from './users-list';

/** users: the user list with its filters. */
export function UsersPage() {
  return (
    <PageFrame
      title={routeByName('users').title}
      extra={
        <Flex gap="small" wrap>
          <ExcelImportButton kind="users" />
          <ButtonLink type="primary" to={hrefOf('user-create')}>
            Новый пользователь
          </ButtonLink>
        </Flex>
      }
    >
      <UsersList />
    </PageFrame>
  );
}

const toList = <ButtonLink to={hrefOf('users')}>К списку</ButtonLink>;

/** The names of a user's fields in its История (what saveUser and a trip's participants record). */
const USER_HISTORY_FIELDS = {
  full_name: 'ФИО',
  email: 'Email',
  phone: 'Телефон',
  birth_date: 'Дата рождения',
  citizenship: 'Гражданство',
  passport_number: 'Номер паспорта',
  passport_issued_at: 'Паспорт выдан',
  passport_expires_at: 'Паспорт действует до',
  notes: 'Заметки',
  manager_id: 'Менеджер',
  counterparty_id: 'Агент',
  has_password: 'Пароль задан',
  disabled: 'Отключён',
  roles: 'Роли',
  trip_id: 'Тур',
};

/** The user shown is an agent (holds the counterparty role, as saved). */
const isAgent = (user: User) =>
  is(COUNTERPARTY_ROLE_EXPRESSION, { roles: user.roles, permissions: [] });

/** user-create: a new user; once created, its own form opens (for wallets and documents next). */
export function UserCreatePage() {
  const navigate = useNavigate();
  return (
    <PageFrame title={routeByName('user-create').title} extra={toList}>
      <UserForm
        onSaved={(user) => void navigate(hrefOf('user-edit', { id: user.id }), { replace: true })}
      />
    </PageFrame>
  );
}

/** user-edit: one user's form, loaded by GET /admin/user/:id; it stays open after a save. */
export function UserEditPage() {
  const id = positiveInteger(useParams().id);
  const {
    data: user,
    isLoading,
    isFetching,
    isError,
    error,
    refetch,
  } = useShellUserQuery(id ?? 0, { skip: id === undefined });
  const title = routeByName('user-edit').title;
  const permissionData = usePermissionData();
  const notFound =
    id === undefined ||
    (isError && 'status' in error && error.status === 404) ||
    (!isLoading && !isFetching && !isError && user === null);

  if (notFound) {
    return (
      <PageFrame title={title}>
        <Result
          status="404"
          title="Пользователь не найден"
          subTitle="Возможно, его нет или он вам недоступен."
          extra={
            <ButtonLink type="primary" to={hrefOf('users')}>
              К списку пользователей
            </ButtonLink>
          }
        />
      </PageFrame>
    );
  }

  const extra = (
    <Flex gap="small" wrap>
      {user ? (
        <ButtonLink to={hrefOf('user-wallets', { id: user.id })}>Кошельки и документы</ButtonLink>
      ) : null}
      {user && routeAllows('audit', permissionData) ? (
        <ButtonLink to={`${hrefOf('audit')}?${new URLSearchParams({ user_id: String(user.id) })}`}>
          Действия в журнале
        </ButtonLink>
      ) : null}
      {toList}
    </Flex>
  );
  return (
    <PageFrame
      title={title}
      note={
        user ? [user.full_name, user.email ?? user.phone].filter(Boolean).join(', ') : undefined
      }
      extra={extra}
    >
      {isError ? (
        <LoadError title="Не удалось загрузить пользователя" onRetry={() => void refetch()} />
      ) : user ? (
        <Tabs
          items={[
            {
              key: 'user',
              label: 'Карточка',
              children: (
                <Flex vertical gap="middle">
                  {/* A new form for each user: moving to another user's form starts afresh. */}
                  <UserForm key={user.id} user={user} onSaved={() => undefined} />
                  {isAgent(user) ? <AgentSection agentId={user.id} /> : null}
                  {isAgent(user) ? <AgentPapers agent={user} /> : null}
                </Flex>
              ),
            },
            {
              key: 'history',
              label: 'История',
              children: (
                <HistoryList
                  record="user"
                  path={`/admin/user/${user.id}`}
                  id={user.id}
                  fields={USER_HISTORY_FIELDS}
                />
              ),
            },
          ]}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </PageFrame>
  );
}
