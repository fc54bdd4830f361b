import { routeByName, type RouteName } from '@tour/shared';
import { AdminOperationsPage } from '../features/operations/components/admin-operations-page';
import { AllOperationsPage } from '../features/operations/components/all-operations-page';
import { WaitingsPage } from '../features/operations/components/waitings-page';
import { RatesPage } from '../features/rates/components/rates-page';
import { OwnBalancePage } from '../features/wallets/components/own-balance-page';
import { WalletCreatePage, WalletEditPage } from '../features/wallets/components/wallet-form-pages';
import { WalletPage } from '../features/wallets/components/wallet-page';
import { WalletsPage } from '../features/wallets/components/wallets-page';
import { prefetchWalletRoute } from '../features/wallets/route-data';

export interface SectionRoutesProps {
  routeName: RouteName;
}

/** The shell's route loader calls it as a navigation to an accounting route begins. */
export const prefetchRoute = prefetchWalletRoute;

/**
 * This build's release (webpack.config.base.js: RELEASE, else package.json's version); the shell
 * shows it under the section's pages. Outside a webpack build (tests) it is 'dev'.
 */
export const release: string = typeof __RELEASE__ === 'string' ? __RELEASE__ : 'dev';

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
    case 'balance-rates':
      return <RatesPage title={title} />;
    case 'balance-waitings':
      return <WaitingsPage title={title} />;
    case 'balance-all-operations':
      return <AllOperationsPage title={title} />;
    case 'balance-admin-operations':
      return <AdminOperationsPage title={title} />;
    case 'balance-wallet-create':
      return <WalletCreatePage title={title} />;
    case 'balance-wallet-edit':
      return <WalletEditPage title={title} />;
    default:
      return null;
  }
}
