import { isSafeReturnPath, paths, returnPathOf } from './paths';

describe('the page to return to after signing in', () => {
  it('is remembered in the login URL', () => {
    expect(paths.login.getHref('/admin/trips?page=2#x')).toBe(
      '/login?redirect=%2Fadmin%2Ftrips%3Fpage%3D2%23x',
    );
    expect(paths.login.getHref('/admin')).toBe('/login');
    expect(paths.login.getHref()).toBe('/login');
  });

  it('is only ever a page of the admin area', () => {
    expect(isSafeReturnPath('/admin/users')).toBe(true);
    expect(isSafeReturnPath('/admin')).toBe(true);
    expect(isSafeReturnPath('/admin?x=1')).toBe(true);
    expect(isSafeReturnPath('//evil.example/admin')).toBe(false);
    expect(isSafeReturnPath('https://evil.example/admin')).toBe(false);
    expect(isSafeReturnPath('/administrator')).toBe(false);
    expect(isSafeReturnPath('/login')).toBe(false);
    expect(paths.login.getHref('https://evil.example')).toBe('/login');
  });

  it('is read back from the login URL, else the admin home', () => {
    expect(returnPathOf('?redirect=%2Fadmin%2Ftickets')).toBe('/admin/tickets');
    expect(returnPathOf('?redirect=%2F%2Fevil.example')).toBe('/admin');
    expect(returnPathOf('')).toBe('/admin');
  });
});
