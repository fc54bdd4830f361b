import { Select } from '@tour/shared/ui';
import { ROLES, STAFF_ROLES, useCan, type Role } from '@tour/shared';
import { useRoleLabels } from '../../../lib/user-calls';

export interface RoleSelectProps {
  /** Set by Form.Item: the field's id, so that its label names the select. */
  id?: string;
  value?: Role[];
  onChange?: (roles: Role[]) => void;
  /** The roles the user holds now (stay shown, even those the viewer may not change). */
  held?: readonly Role[];
}

/**
 * The user's roles. Staff roles (developer and admin among them) are granted and removed only
 * with create_admin, as the server enforces: without it they are not offered, and those the
 * user already holds stay as they are (shown, not removable).
 */
export function RoleSelect({ id, value, onChange, held = [] }: RoleSelectProps) {
  const labelOf = useRoleLabels();
  const mayGrantStaff = useCan()('create_admin');
  const grantable = (role: Role) => mayGrantStaff || !STAFF_ROLES.includes(role);
  const options = ROLES.filter((role) => grantable(role) || held.includes(role)).map((role) => ({
    value: role,
    label: labelOf(role),
    disabled: !grantable(role),
  }));
  return (
    <Select<Role[]>
      id={id}
      mode="multiple"
      placeholder="Выберите роли"
      value={value}
      options={options}
      onChange={(roles) => onChange?.(roles)}
      optionFilterProp="label"
    />
  );
}
