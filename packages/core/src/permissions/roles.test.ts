import {
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  ROLES,
  SIGN_IN_ROLES,
  STAFF_ROLES,
  isPermission,
  signsIn,
  isRole,
  permissionsOfRoles,
} from './roles';

// DESIGN.md section 4, copied as written.
const DESIGN_TABLE = `
| permission | developer | admin | sales_manager | reservation_agent | accountant | counterparty | client |
|---|---|---|---|---|---|---|---|
| create_admin | x | x | | | | | |
| see_all_users | x | x | | x | x | | |
| booking_section | x | x | x | x | | | |
| accounting_section | x | x | | | x | | |
| report_section | x | x | | | x | | |
| add_payment | x | x | x | | x | | |
| confirm_payment | x | x | | | x | | |
| administrative_transactions | x | x | | | x | | |
| allow_site_wallets | x | x | | | x | | |
`;

function parseTable(markdown: string): { roles: string[]; rows: [string, boolean[]][] } {
  const [header = '', , ...body] = markdown.trim().split('\n');
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  return {
    roles: cells(header).slice(1),
    rows: body.map((line) => {
      const [permission = '', ...marks] = cells(line);
      return [permission, marks.map((mark) => mark === 'x')];
    }),
  };
}

describe('roles and permissions', () => {
  const table = parseTable(DESIGN_TABLE);

  it('lists the seven roles and nine permissions of SPEC.md 6 in order', () => {
    expect(ROLES).toEqual([
      'developer',
      'admin',
      'sales_manager',
      'reservation_agent',
      'accountant',
      'counterparty',
      'client',
    ]);
    expect(PERMISSIONS).toEqual([
      'create_admin',
      'see_all_users',
      'booking_section',
      'accounting_section',
      'report_section',
      'add_payment',
      'confirm_payment',
      'administrative_transactions',
      'allow_site_wallets',
    ]);
    expect(table.roles).toEqual([...ROLES]);
    expect(table.rows.map(([permission]) => permission)).toEqual([...PERMISSIONS]);
  });

  it('has Russian labels for every role', () => {
    expect(ROLE_LABELS).toEqual({
      developer: 'Разработчик',
      admin: 'Администратор',
      sales_manager: 'Менеджер по продажам',
      reservation_agent: 'Агент по бронированию',
      accountant: 'Бухгалтер',
      counterparty: 'Контрагент',
      client: 'Клиент',
    });
  });

  const cells = table.rows.flatMap(([permission, marks]) =>
    table.roles.map((role, index) => [permission, role, marks[index] === true] as const),
  );

  it.each(cells)('%s for %s is %s as in DESIGN.md 4', (permission, role, granted) => {
    expect(isRole(role) && ROLE_PERMISSIONS[role].includes(permission as never)).toBe(granted);
  });

  it('grants only known permissions, each once', () => {
    for (const role of ROLES) {
      const list = ROLE_PERMISSIONS[role];
      expect(list.every(isPermission)).toBe(true);
      expect(new Set(list).size).toBe(list.length);
    }
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });

  it('counts staff as every role but counterparty and client', () => {
    expect([...STAFF_ROLES].sort()).toEqual(
      ROLES.filter((role) => role !== 'counterparty' && role !== 'client').sort(),
    );
  });
});

describe('who signs in', () => {
  it('lets the five staff roles and the counterparty sign in, never a client', () => {
    expect([...SIGN_IN_ROLES].sort()).toEqual([
      'accountant',
      'admin',
      'counterparty',
      'developer',
      'reservation_agent',
      'sales_manager',
    ]);
    expect(signsIn(['client'])).toBe(false);
    expect(signsIn([])).toBe(false);
    expect(signsIn(['client', 'counterparty'])).toBe(true);
    expect(signsIn(['sales_manager'])).toBe(true);
    expect(signsIn(['root'])).toBe(false);
  });
});

describe('isRole and isPermission', () => {
  it('recognise known names only', () => {
    expect(isRole('admin')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isRole(1)).toBe(false);
    expect(isPermission('booking_section')).toBe(true);
    expect(isPermission('admin')).toBe(false);
    expect(isPermission(null)).toBe(false);
  });
});

describe('permissionsOfRoles', () => {
  it('unites the permissions of several roles in PERMISSIONS order', () => {
    expect(permissionsOfRoles(['sales_manager', 'reservation_agent'])).toEqual([
      'see_all_users',
      'booking_section',
      'add_payment',
    ]);
  });

  it('gives nothing for no roles, unknown roles, counterparty and client', () => {
    expect(permissionsOfRoles([])).toEqual([]);
    expect(permissionsOfRoles(['root', 'counterparty', 'client'])).toEqual([]);
  });

  it('returns a fresh array the caller may change', () => {
    const list = permissionsOfRoles(['admin']);
    list.pop();
    expect(permissionsOfRoles(['admin'])).toEqual([...PERMISSIONS]);
  });
});
