import { Flex, Tag } from '@tour/shared/ui';
import type { Role } from '@tour/shared';
import { useRoleLabels } from '../../../lib/user-calls';

const ROLE_COLORS: Partial<Record<Role, string>> = {
  developer: 'magenta',
  admin: 'red',
  sales_manager: 'blue',
  reservation_agent: 'cyan',
  accountant: 'gold',
  counterparty: 'purple',
};

/** A user's roles as tags with their Russian labels. */
export function RoleTags({ roles }: { roles: readonly string[] }) {
  const labelOf = useRoleLabels();
  return (
    <Flex gap={4} wrap>
      {roles.map((role) => (
        <Tag key={role} color={ROLE_COLORS[role as Role]} style={{ marginInlineEnd: 0 }}>
          {labelOf(role)}
        </Tag>
      ))}
    </Flex>
  );
}
