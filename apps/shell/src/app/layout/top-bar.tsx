import {
  Button,
  Dropdown,
  Flex,
  Layout,
  PRINT_HIDDEN_CLASS,
  theme,
  Typography,
} from '@tour/shared/ui';
import { Link, useNavigate } from '@tour/shared/router';
import { hrefOf, routeAllows, type MaybePermissionData, type User } from '@tour/shared';
import { ChevronDownIcon, LogoutIcon, MenuIcon } from '../../assets/icons';
import { Logo } from '../../assets/logo';
import { BRAND_LABEL } from '../../config/brand';
import { paths } from '../../config/paths';
import { BRAND_MEDIA_QUERY } from '../../config/layout';
import { useMediaQuery } from '../../hooks/use-media-query';

/** Shown instead of the email of a user who has none (SPEC.md 1). */
export const NO_EMAIL_TEXT = 'Почта не указана';

/** Props of TopBar. */
export interface TopBarProps {
  user: User | null;
  /** The signed-in user's roles and permissions: the menu offers what they allow. */
  permissionData?: MaybePermissionData;
  /** Shows the menu toggle (small screens, where the sidebar is hidden). */
  showMenuToggle: boolean;
  onOpenMenu: () => void;
  userMenuOpen: boolean;
  onUserMenuOpenChange: (open: boolean) => void;
  onSignOut: () => void;
}

/**
 * The top bar: menu toggle, brand and logo (to the admin home), the user and its menu: «Мои
 * сеансы» for everyone, «Журнал аудита» for those who may read it (developers and admins),
 * «Реквизиты компании» and «Исходящие сообщения» for create_admin, and 'Выйти'.
 */
export function TopBar({
  user,
  permissionData = null,
  showMenuToggle,
  onOpenMenu,
  userMenuOpen,
  onUserMenuOpenChange,
  onSignOut,
}: TopBarProps) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const wide = useMediaQuery(BRAND_MEDIA_QUERY);
  const items = [
    ...(routeAllows('sessions', permissionData) ? [{ key: 'sessions', label: 'Мои сеансы' }] : []),
    ...(routeAllows('audit', permissionData) ? [{ key: 'audit', label: 'Журнал аудита' }] : []),
    ...(routeAllows('company', permissionData)
      ? [{ key: 'company', label: 'Реквизиты компании' }]
      : []),
    ...(routeAllows('outbox', permissionData)
      ? [{ key: 'outbox', label: 'Исходящие сообщения' }]
      : []),
    { key: 'logout', label: 'Выйти', icon: <LogoutIcon /> },
  ];
  return (
    <Layout.Header
      // Paper shows the page's content only.
      className={PRINT_HIDDEN_CLASS}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        paddingInline: 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {showMenuToggle && (
        <Button type="text" aria-label="Открыть меню" icon={<MenuIcon />} onClick={onOpenMenu} />
      )}
      <Link
        to={paths.admin.getHref()}
        aria-label={BRAND_LABEL}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          color: token.colorText,
          flexShrink: 0,
        }}
      >
        <Logo />
        {/* A phone keeps the logo alone: the brand's word would squeeze letter by letter. */}
        {wide ? (
          <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
            {BRAND_LABEL}
          </Typography.Text>
        ) : null}
      </Link>
      <div style={{ flex: 1 }} />
      <Dropdown
        trigger={['click']}
        open={userMenuOpen}
        onOpenChange={onUserMenuOpenChange}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'logout') onSignOut();
            if (key === 'sessions') void navigate(hrefOf('sessions'));
            if (key === 'audit') void navigate(hrefOf('audit'));
            if (key === 'company') void navigate(hrefOf('company'));
            if (key === 'outbox') void navigate(hrefOf('outbox'));
          },
        }}
      >
        <Button
          type="text"
          style={{ height: 'auto', paddingBlock: 4, minWidth: 0, maxWidth: '70%' }}
          aria-haspopup="menu"
        >
          <Flex vertical align="flex-end" style={{ lineHeight: 1.3, minWidth: 0 }}>
            <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
              {user?.full_name ?? ''}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: '100%' }}>
              {user?.email ? user.email : NO_EMAIL_TEXT}
            </Typography.Text>
          </Flex>
          <ChevronDownIcon />
        </Button>
      </Dropdown>
    </Layout.Header>
  );
}
