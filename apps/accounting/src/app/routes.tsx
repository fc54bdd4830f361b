import { routeByName, type RouteName } from '@tour/shared';
import { PageFrame } from '@tour/shared/ui';
import { OwnBalancePage } from '../features/wallets/components/own-balance-page';
import { WalletPage } from '../features/wallets/components/wallet-page';
import { WalletsPage } from '../features/wallets/components/wallets-page';
import { prefetchWalletRoute } from '../features/wallets/route-data';

const OPERATIONS_NOTE = 'Экраны операций появятся вместе с задачей бухгалтерии.';
const WALLET_FORM_NOTE = 'Форма кошелька появится вместе с задачей бухгалтерии.';

export interface SectionRoutesProps {
  routeName: RouteName;
}

/** The shell's route loader calls it as a navigation to an accounting route begins. */
export const prefetchRoute = prefetchWalletRoute;

/**
 * The accounting section (exposed as ./Routes). The shell has matched the URL and checked the
 * permissions; this renders the page of `routeName` inside the shell's layout, router and store.
 */
export default function SectionRoutes({ routeName }: SectionRoutesProps) {
  const { app, title } = routeByName(routeName);
  if (app !== 'accounting') return null;
  switch (routeName) {
    case 'balance-wallets':
      return <WalletsPage title={title} />;
    case 'balance-wallet':
      return <WalletPage title={title} />;
    case 'balance-user':
      return <OwnBalancePage title={title} />;
    case 'balance-wallet-create':
    case 'balance-wallet-edit':
      return <PageFrame title={title} note={WALLET_FORM_NOTE} />;
    default:
      return <PageFrame title={title} note={OPERATIONS_NOTE} />;
  }
}
