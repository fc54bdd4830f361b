import { Button, Flex } from '@tour/shared/ui';
import { UserSelect } from './user-select';
import { WalletSelect } from './wallet-select';

export interface WalletFilterValues {
  user: number | undefined;
  wallet: number | undefined;
}

export interface WalletFiltersProps extends WalletFilterValues {
  onChange: (patch: Partial<WalletFilterValues>) => void;
}

/** Owner and wallet filters of the wallet list. */
export function WalletFilters({ user, wallet, onChange }: WalletFiltersProps) {
  return (
    <Flex gap="small" wrap align="center">
      <UserSelect value={user} onChange={(next) => onChange({ user: next })} />
      <WalletSelect value={wallet} userId={user} onChange={(next) => onChange({ wallet: next })} />
      {user !== undefined || wallet !== undefined ? (
        <Button onClick={() => onChange({ user: undefined, wallet: undefined })}>
          Сбросить фильтры
        </Button>
      ) : null}
    </Flex>
  );
}
