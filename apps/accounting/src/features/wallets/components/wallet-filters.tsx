import { Button, Flex, UserSearchSelect, WalletSelect } from '@tour/shared/ui';

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
      <UserSearchSelect
        label="Пользователь"
        placeholder="Все пользователи"
        value={user}
        onChange={(next) => onChange({ user: next ?? undefined })}
        style={{ minWidth: 280 }}
      />
      <WalletSelect
        label="Кошелек"
        placeholder="Все кошельки"
        value={wallet}
        ownerId={user}
        onChange={(next) => onChange({ wallet: next })}
        style={{ minWidth: 280 }}
      />
      {user !== undefined || wallet !== undefined ? (
        <Button onClick={() => onChange({ user: undefined, wallet: undefined })}>
          Сбросить фильтры
        </Button>
      ) : null}
    </Flex>
  );
}
