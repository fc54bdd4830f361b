import { Card, Flex, Space, Tag, Typography } from '@tour/shared/ui';
import { Link } from 'react-router-dom';
import { hrefOf, isRole, ROLE_LABELS, type User } from '@tour/shared';
import { useShellUserWalletsRoleLabelsQuery } from '../api/user-wallets-api';

function roleLabel(role: string, labels: Record<string, string> | undefined): string {
  return labels?.[role] ?? (isRole(role) ? ROLE_LABELS[role] : role);
}

/** Who the view is about: name, contact, roles with their Russian labels, where to go next. */
export function UserSummary({ user }: { user: User }) {
  const { data: labels } = useShellUserWalletsRoleLabelsQuery();
  return (
    <Card>
      <Flex justify="space-between" align="flex-start" wrap gap="middle">
        <Flex vertical gap={4}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {user.full_name}
          </Typography.Title>
          <Typography.Text type={user.email ? undefined : 'secondary'}>
            {user.email || 'Почта не указана'}
          </Typography.Text>
          {user.phone ? <Typography.Text>{user.phone}</Typography.Text> : null}
          <Flex wrap gap="small" align="center" style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">Роли:</Typography.Text>
            {user.roles.length > 0 ? (
              user.roles.map((role) => (
                <Tag key={role} color="blue" style={{ marginInlineEnd: 0 }}>
                  {roleLabel(role, labels)}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">нет</Typography.Text>
            )}
          </Flex>
        </Flex>
        <Space wrap>
          <Link to={hrefOf('user-edit', { id: user.id })}>Редактировать</Link>
          <Link to={hrefOf('users')}>К списку пользователей</Link>
        </Space>
      </Flex>
    </Card>
  );
}
