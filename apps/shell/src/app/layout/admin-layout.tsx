import { useEffect, useMemo, useState } from 'react';
import { Drawer, Layout, PRINT_HIDDEN_CLASS, PrintStyles, theme } from '@tour/shared/ui';
import { Outlet, useLocation, useMatches } from '@tour/shared/router';
import {
  is,
  listenToServerEvents,
  PermissionDataProvider,
  sidebarEntries,
  STAFF_ROLE_EXPRESSION,
} from '@tour/shared';
import { DESKTOP_MEDIA_QUERY, SIDEBAR_WIDTH } from '../../config/layout';
import { HASH_HIGHLIGHT_CLASS } from '../../config/events';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import {
  authApi,
  selectIsAuthenticated,
  selectPermissionData,
  selectUser,
} from '../../features/auth/api/auth-api';
import { useAfterNavigation } from '../../hooks/use-after-navigation';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { SignedInUserIdContext } from '../../lib/signed-in-user';
import { routeHandleOf } from '../routes/route-handle';
import { SidebarMenu } from './sidebar-menu';
import { TopBar } from './top-bar';
import { usePermissionsRefresh } from './use-permissions-refresh';

// The hash target's highlight: visible on any background, gone after HASH_HIGHLIGHT_MS.
const HIGHLIGHT_CSS = `.${HASH_HIGHLIGHT_CLASS} {
  outline: 3px solid #1677ff;
  outline-offset: 4px;
  background-color: rgba(22, 119, 255, 0.12);
  border-radius: 4px;
  transition: background-color 0.3s, outline-color 0.3s;
}`;

/** The admin area: top bar, sidebar (a drawer on small screens) and the content area. */
export function AdminLayout() {
  const location = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const handle = routeHandleOf(leaf?.handle);
  const currentRouteName = handle?.routeName ?? null;
  const currentDate = leaf?.params.date ?? null;
  // Held while the admin area shows a signed-in user: a change of that user (a save in any
  // section) refetches both, and the top bar and sidebar follow at once. Dropped as soon as the
  // session ends, so that nothing loads it again behind the user's back.
  const authenticated = useAppSelector(selectIsAuthenticated);
  authApi.useCurrentUserQuery(undefined, { skip: !authenticated });
  authApi.usePermissionDataQuery(undefined, { skip: !authenticated });
  const user = useAppSelector(selectUser);
  const permissionData = useAppSelector(selectPermissionData);
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const signOut = useSignOut();
  const { token } = theme.useToken();

  // Each stays open only for the location it was opened at: any navigation closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const [userMenuOpenAt, setUserMenuOpenAt] = useState<string | null>(null);
  const drawerOpen = !isDesktop && drawerOpenAt === location.key;
  const userMenuOpen = userMenuOpenAt === location.key;

  // Changes made in other browsers (a payment confirmed by the accountant) reach this page's
  // views while a staff member is signed in (SPEC.md 4 balance-updated; the stream is staff's).
  const dispatch = useAppDispatch();
  const staff = is(STAFF_ROLE_EXPRESSION, permissionData);
  useEffect(
    () => (authenticated && staff ? listenToServerEvents(dispatch) : undefined),
    [authenticated, staff, dispatch],
  );

  useDocumentTitle(handle?.title);
  useAfterNavigation();
  usePermissionsRefresh(currentRouteName);

  const sections = useMemo(
    () => sidebarEntries(permissionData, currentDate),
    [permissionData, currentDate],
  );
  const menu = <SidebarMenu sections={sections} currentRouteName={currentRouteName} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <style>{HIGHLIGHT_CSS}</style>
      <PrintStyles />
      <TopBar
        user={user}
        permissionData={permissionData}
        showMenuToggle={!isDesktop}
        onOpenMenu={() => setDrawerOpenAt(location.key)}
        userMenuOpen={userMenuOpen}
        onUserMenuOpenChange={(open) => setUserMenuOpenAt(open ? location.key : null)}
        onSignOut={() => void signOut()}
      />
      <Layout>
        {isDesktop ? (
          <Layout.Sider
            className={PRINT_HIDDEN_CLASS}
            width={SIDEBAR_WIDTH}
            theme="light"
            style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
          >
            {menu}
          </Layout.Sider>
        ) : (
          <Drawer
            placement="left"
            title="Меню"
            size={SIDEBAR_WIDTH}
            open={drawerOpen}
            onClose={() => setDrawerOpenAt(null)}
            destroyOnHidden
            styles={{ body: { padding: 0 } }}
          >
            {menu}
          </Drawer>
        )}
        <Layout.Content style={{ padding: isDesktop ? 24 : 16, minWidth: 0 }}>
          <main>
            <PermissionDataProvider value={permissionData}>
              <SignedInUserIdContext.Provider value={user?.id ?? null}>
                <Outlet />
              </SignedInUserIdContext.Provider>
            </PermissionDataProvider>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
