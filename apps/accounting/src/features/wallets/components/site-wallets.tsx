import { LoadError } from '@tour/shared/ui';
import { useAccountingSiteWalletsQuery } from '../api/wallets-api';
import { WalletsTable } from './wallets-table';

/** The company's own wallets (cash desks and accounts); shown only with allow_site_wallets. */
export function SiteWallets() {
  const { data, isFetching, isError, refetch } = useAccountingSiteWalletsQuery();
  if (isError) return <LoadError onRetry={refetch} />;
  return <WalletsTable wallets={data ?? []} loading={isFetching} />;
}
