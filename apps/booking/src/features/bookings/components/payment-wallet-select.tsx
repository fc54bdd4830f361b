import { useMemo } from 'react';
import { Select, Spin } from '@tour/shared/ui';
import type { Currency, Wallet } from '@tour/shared';
import { useBookingWalletsQuery } from '../api/bookings-api';

/** «Наличные · USD · Иванова Анна»; a company wallet's owner is «Компания». */
export function describeWallet(wallet: Wallet): string {
  const owner = wallet.type === 'site' ? 'Компания' : (wallet.user_name ?? '');
  return [wallet.name, wallet.currency.toUpperCase(), owner].filter(Boolean).join(' · ');
}

export interface PaymentWalletSelectProps {
  value?: number | null;
  onChange?: (walletId: number | undefined) => void;
  id?: string;
  /** Only wallets of this currency are offered: a supplier is paid in the booking's currency. */
  currency: Currency;
}

/** Picks a wallet to pay from (GET /admin/wallets, as the accounting pickers), in one currency. */
export function PaymentWalletSelect({ value, onChange, id, currency }: PaymentWalletSelectProps) {
  const wallets = useBookingWalletsQuery();
  const options = useMemo(
    () =>
      (wallets.data ?? [])
        .filter((wallet) => wallet.currency === currency)
        .map((wallet) => ({ value: wallet.id, label: describeWallet(wallet) })),
    [wallets.data, currency],
  );
  return (
    <Select<number>
      id={id}
      placeholder={`Кошелёк в ${currency.toUpperCase()}`}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      options={options}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={wallets.isFetching}
      notFoundContent={
        wallets.isFetching ? (
          <Spin size="small" />
        ) : wallets.isError ? (
          'Не удалось загрузить кошельки'
        ) : (
          `Нет кошельков в ${currency.toUpperCase()}`
        )
      }
      popupMatchSelectWidth={false}
    />
  );
}
