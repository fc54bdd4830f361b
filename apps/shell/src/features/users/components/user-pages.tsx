import { routeByName } from '@tour/shared';
import { PageFrame } from '@tour/shared/ui';

// Page frames of the users screens; their content arrives with the users issue.

/** users: the user list. */
export function UsersPage() {
  return <PageFrame title={routeByName('users').title} />;
}

/** user-create: a new user. */
export function UserCreatePage() {
  return <PageFrame title={routeByName('user-create').title} />;
}

/** user-edit: one user's form. */
export function UserEditPage() {
  return <PageFrame title={routeByName('user-edit').title} />;
}

/** user-wallets and user-roles (SPEC.md 2: the roles route shows the same view). */
export function UserWalletsPage() {
  return <PageFrame title={routeByName('user-wallets').title} />;
}
