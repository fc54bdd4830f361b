import {
  REMOTE_APPS,
  isRemoteApp,
  parseRemotesConfig,
  remoteRoutesId,
  type RemoteRoutesModule,
  type SectionRoutesProps,
} from './remotes';

describe('remotes contract', () => {
  it('names the four remotes and their routes module', () => {
    expect(REMOTE_APPS).toEqual(['booking', 'accounting', 'reports', 'agent']);
    expect(REMOTE_APPS.map(remoteRoutesId)).toEqual([
      'booking/Routes',
      'accounting/Routes',
      'reports/Routes',
      'agent/Routes',
    ]);
  });

  it('recognises remote names only', () => {
    expect(isRemoteApp('booking')).toBe(true);
    expect(isRemoteApp('shell')).toBe(false);
    expect(isRemoteApp(1)).toBe(false);
  });

  it('keeps the known remotes with a URL from /remotes.json', () => {
    expect(
      parseRemotesConfig({
        booking: '/remotes/booking/mf-manifest.json',
        accounting: ' https://cdn.example.com/accounting/mf-manifest.json ',
        reports: '',
        agent: 42,
        shell: '/x.json',
      }),
    ).toEqual({
      booking: '/remotes/booking/mf-manifest.json',
      accounting: 'https://cdn.example.com/accounting/mf-manifest.json',
    });
  });

  it('refuses a document that is not an object', () => {
    expect(parseRemotesConfig(null)).toBeNull();
    expect(parseRemotesConfig([])).toBeNull();
    expect(parseRemotesConfig('x')).toBeNull();
  });

  it('types the exposed module as a component taking a route name', () => {
    const SectionRoutes = ({ routeName }: SectionRoutesProps) => routeName;
    const module: RemoteRoutesModule = { default: SectionRoutes };
    expect(module.default).toBe(SectionRoutes);
    expect(SectionRoutes({ routeName: 'booking-hotels' })).toBe('booking-hotels');
  });
});
