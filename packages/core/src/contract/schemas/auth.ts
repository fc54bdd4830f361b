import { Type, type Static } from '@sinclair/typebox';
import { UserJson } from './users';

/** POST /login: an email or a phone number, the password, and "remember me". */
export const LoginBody = Type.Object(
  {
    login: Type.String({ minLength: 1, maxLength: 255, description: 'Email или телефон' }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    remember: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginAnswer = Type.Object({ user: UserJson });

/** The signed-in user's roles and permissions, as the front ends' `can` reads them. */
export const PermissionData = Type.Object({
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
});

/** Role name → Russian label. */
export const RoleLabels = Type.Record(Type.String(), Type.String());
