import fc from 'fast-check';
import { can, is, parsePermissionData, type PermissionData } from './can';

const data = (permissions: string[], roles: string[] = []): PermissionData => ({
  roles,
  permissions,
});

describe('can', () => {
  const accountant = data(['accounting_section', 'report_section', 'add_payment']);

  it('accepts a single name', () => {
    expect(can('accounting_section', accountant)).toBe(true);
    expect(can('booking_section', accountant)).toBe(false);
  });

  it('accepts alternatives separated by |', () => {
    expect(can('booking_section|report_section', accountant)).toBe(true);
    expect(can('booking_section|create_admin', accountant)).toBe(false);
  });

  it('requires every name separated by &', () => {
    expect(can('accounting_section&add_payment', accountant)).toBe(true);
    expect(can('accounting_section&confirm_payment', accountant)).toBe(false);
  });

  it('binds & tighter than |', () => {
    expect(can('create_admin&booking_section|report_section', accountant)).toBe(true);
    expect(can('report_section&create_admin|booking_section', accountant)).toBe(false);
    expect(can('booking_section|accounting_section&add_payment', accountant)).toBe(true);
  });

  it('ignores spaces around names', () => {
    expect(can('  booking_section |  accounting_section & add_payment ', accountant)).toBe(true);
    expect(can(' report_section\t', accountant)).toBe(true);
  });

  it('never matches an empty name', () => {
    expect(can('', accountant)).toBe(false);
    expect(can('  ', accountant)).toBe(false);
    expect(can('accounting_section&', accountant)).toBe(false);
    expect(can('|accounting_section', accountant)).toBe(true);
    expect(can('|', accountant)).toBe(false);
    expect(can('', data(['']))).toBe(false);
  });

  it('matches names exactly', () => {
    expect(can('accounting', accountant)).toBe(false);
    expect(can('Accounting_section', accountant)).toBe(false);
  });

  it('means no access when the data is missing or empty', () => {
    expect(can('a', null)).toBe(false);
    expect(can('a', undefined)).toBe(false);
    expect(can('a', 0)).toBe(false);
    expect(can('a', data([]))).toBe(false);
    expect(can('a', { roles: ['a'] } as unknown as PermissionData)).toBe(false);
    expect(can('a', { roles: [], permissions: 'a' } as unknown as PermissionData)).toBe(false);
    expect(can('a', 'a' as unknown as PermissionData)).toBe(false);
  });

  it('ignores non-string entries and refuses a non-string expression', () => {
    expect(can('a', { roles: [], permissions: [1, null, 'a'] } as unknown as PermissionData)).toBe(
      true,
    );
    expect(can(undefined as unknown as string, data(['a']))).toBe(false);
  });

  it('checks permissions, not roles', () => {
    expect(can('admin', data([], ['admin']))).toBe(false);
  });
});

describe('is', () => {
  it('checks roles with the same syntax', () => {
    const admin = data(['create_admin'], ['admin', 'accountant']);
    expect(is('admin', admin)).toBe(true);
    expect(is('counterparty|developer', admin)).toBe(false);
    expect(is('admin & accountant', admin)).toBe(true);
    expect(is('create_admin', admin)).toBe(false);
    expect(is('admin', 0)).toBe(false);
  });
});

describe('can against a reference evaluation', () => {
  // An expression is an OR of AND-groups of names; '' stands for an empty name.
  const pool = ['a', 'b', 'c', 'd', 'e', 'booking_section', ''];
  const name = fc.constantFrom(...pool);
  const ast = fc.array(fc.array(name, { minLength: 1, maxLength: 4 }), {
    minLength: 1,
    maxLength: 4,
  });
  const space = fc.constantFrom('', ' ', '  ', '\t');
  const granted = fc.subarray(pool.filter((n) => n !== ''));

  function reference(groups: string[][], names: string[]): boolean {
    if (names.length === 0) return false;
    return groups.some((group) => group.every((n) => n !== '' && names.includes(n)));
  }

  it('agrees for random expressions printed with random spaces', () => {
    fc.assert(
      fc.property(
        ast,
        granted,
        fc.infiniteStream(space),
        fc.boolean(),
        (groups, names, spaces, viaRoles) => {
          const pad = (n: string) => `${spaces.next().value}${n}${spaces.next().value}`;
          const printed = groups.map((group) => group.map(pad).join('&')).join('|');
          const result = viaRoles
            ? is(printed, { roles: names, permissions: [] })
            : can(printed, { roles: [], permissions: names });
          expect(result).toBe(reference(groups, names));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('parsePermissionData', () => {
  it('reads roles and permissions', () => {
    expect(parsePermissionData({ roles: ['admin'], permissions: ['create_admin'] })).toEqual({
      roles: ['admin'],
      permissions: ['create_admin'],
    });
  });

  it('treats the signed-out answer 0 and other non-objects as no data', () => {
    expect(parsePermissionData(0)).toBeNull();
    expect(parsePermissionData(null)).toBeNull();
    expect(parsePermissionData(undefined)).toBeNull();
    expect(parsePermissionData('0')).toBeNull();
    expect(parsePermissionData([])).toBeNull();
    expect(parsePermissionData({})).toBeNull();
    expect(parsePermissionData({ roles: 'admin', permissions: {} })).toBeNull();
  });

  it('fills a missing list with [] and drops entries that are not strings', () => {
    expect(parsePermissionData({ roles: ['admin', 7, null] })).toEqual({
      roles: ['admin'],
      permissions: [],
    });
    expect(parsePermissionData({ permissions: ['a'], roles: 'x' })).toEqual({
      roles: [],
      permissions: ['a'],
    });
  });
});
