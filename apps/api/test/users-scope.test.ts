import { permissionsOfRoles, type Role } from '@tour/core';
import { userScope } from '../src/domain/reach';
import { syncRolesAndPermissions } from '../src/routes/auth/roles-sync';
import { useTestDatabase } from './database';
import { createTestUser } from './http';

// The reach rule at the function level: the agent endpoints will reuse it for counterparties.

const database = useTestDatabase();
const db = () => database().db;

const people: Record<string, number> = {};

beforeAll(async () => {
  await syncRolesAndPermissions(db());
  const add = async (name: string, extra: Parameters<typeof createTestUser>[1]) => {
    people[name] = await createTestUser(db(), { password: null, email: null, ...extra });
  };
  await add('agent', { roles: ['counterparty'] });
  await add('otherAgent', { roles: ['counterparty'] });
  await add('manager', { roles: ['sales_manager'] });
  await add('hybrid', { roles: ['sales_manager', 'counterparty'] });
  await add('client', { roles: ['client'] });
  await add('agentsTourist', { counterparty_id: people.agent });
  await add('otherAgentsTourist', { counterparty_id: people.otherAgent });
  await add('managersTourist', { manager_id: people.manager });
  await add('sharedTourist', { manager_id: people.manager, counterparty_id: people.agent });
  await add('hybridsTourist', { manager_id: people.hybrid });
  await add('hybridsAgentTourist', { counterparty_id: people.hybrid });
  await add('nobodys', {});
});

async function reach(who: string, roles: Role[]): Promise<string[]> {
  const viewer = { id: people[who]!, roles, permissions: permissionsOfRoles(roles) };
  const rows = await db().selectFrom('users').select('id').where(userScope(viewer)).execute();
  const names = new Map(Object.entries(people).map(([name, id]) => [id, name]));
  return rows.map((row) => names.get(row.id)!).sort();
}

describe('users scope (userScope)', () => {
  it('gives a counterparty exactly the tourists it brought, not itself', async () => {
    expect(await reach('agent', ['counterparty'])).toEqual(['agentsTourist', 'sharedTourist']);
    expect(await reach('otherAgent', ['counterparty'])).toEqual(['otherAgentsTourist']);
  });

  it('gives a staff member without see_all_users the users it manages and itself', async () => {
    expect(await reach('manager', ['sales_manager'])).toEqual([
      'manager',
      'managersTourist',
      'sharedTourist',
    ]);
  });

  it('gives someone both staff and counterparty the union of the two', async () => {
    expect(await reach('hybrid', ['sales_manager', 'counterparty'])).toEqual([
      'hybrid',
      'hybridsAgentTourist',
      'hybridsTourist',
    ]);
  });

  it.each<Role>(['admin', 'developer', 'reservation_agent', 'accountant'])(
    'gives %s (see_all_users) everyone',
    async (role) => {
      expect(await reach('manager', [role])).toEqual(Object.keys(people).sort());
    },
  );

  it('gives a client, or a user without roles, nobody', async () => {
    expect(await reach('client', ['client'])).toEqual([]);
    expect(await reach('nobodys', [])).toEqual([]);
  });
});
