import { Button, Flex, PageFrame, Tabs } from '@tour/shared/ui';
import { Link, useNavigate, useUrlQuery } from '@tour/shared/router';
import { hrefOf, useCan } from '@tour/shared';
import { PagedWallets } from './paged-wallets';
import { SiteWallets } from './site-wallets';
import { SITE_TAB } from '../route-data';

/** balance-wallets: the wallet list, and the company's wallets for those allowed to see them. */
export function WalletsPage({ title }: { title: string }) {
  const can = useCan();
  const { params, update } = useUrlQuery();
  const seesSiteWallets = can('allow_site_wallets');
  const tab = seesSiteWallets && params.get('tab') === SITE_TAB ? SITE_TAB : 'all';

  const navigate = useNavigate();
  const extra = (
    <Flex gap="middle" wrap align="center">
      <Link to={hrefOf('balance-rates')}>Курсы валют</Link>
      <Button type="primary" onClick={() => navigate(hrefOf('balance-wallet-create'))}>
        Новый кошелек
      </Button>
    </Flex>
  );

  return (
    <PageFrame title={title} extra={extra}>
      {seesSiteWallets ? (
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) =>
            update({ tab: key === SITE_TAB ? SITE_TAB : undefined, page: undefined })
          }
          items={[
            { key: 'all', label: 'Все кошельки', children: <PagedWallets /> },
            { key: SITE_TAB, label: 'Кошельки компании', children: <SiteWallets /> },
          ]}
        />
      ) : (
        <PagedWallets />
      )}
    </PageFrame>
  );
}
