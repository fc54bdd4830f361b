import { Card, Flex, Space, Tag, Typography } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { hrefOf, type User } from '@tour/shared';
import { useRoleLabels } from '../../../lib/user-calls';

/** Who the view is about: name, contact, roles with their Russian labels, where to go next. */
export function UserSummary({ user }: { user: User }) {
  const labelOf = useRoleLabels();
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
                  {labelOf(role)}
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
