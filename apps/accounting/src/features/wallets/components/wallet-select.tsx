import { useMemo, useState } from 'react';
import { Select, Spin } from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import {
  useAccountingAllWalletsQuery,
  useAccountingWalletQuery,
  type WalletRow,
} from '../api/wallets-api';

function describe(wallet: WalletRow): string {
  const owner = wallet.type === 'site' ? 'Компания' : (wallet.user_name ?? '');
  return `${wallet.name} · ${owner} · ${wallet.currency.toUpperCase()}`;
}

export interface WalletSelectProps {
  value: number | undefined;
  /** When set, only this user's wallets are offered. */
  userId: number | undefined;
  onChange: (walletId: number | undefined) => void;
}

/** The wallet filter: every wallet the viewer may see, loaded when the list first opens. */
export function WalletSelect({ value, userId, onChange }: WalletSelectProps) {
  const [opened, setOpened] = useState(false);
  const all = useAccountingAllWalletsQuery(undefined, { skip: !opened });
  const chosen = useAccountingWalletQuery(value ?? skipToken);

  const options = useMemo(() => {
    const wallets = (all.data ?? []).filter(
      (wallet) => userId === undefined || wallet.user_id === userId,
    );
    const list = wallets.map((wallet) => ({ value: wallet.id, label: describe(wallet) }));
    if (value !== undefined && !wallets.some((wallet) => wallet.id === value)) {
      list.unshift({
        value,
        label: chosen.data
          ? describe(chosen.data)
          : chosen.isFetching
            ? 'Загрузка…'
            : 'Кошелёк не найден',
      });
    }
    return list;
  }, [all.data, chosen.data, chosen.isFetching, userId, value]);

  return (
    <Select<number>
      aria-label="Кошелек"
      placeholder="Все кошельки"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      options={options}
      onChange={(next) => onChange(next ?? undefined)}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={all.isFetching}
      notFoundContent={
        all.isFetching ? (
          <Spin size="small" />
        ) : all.isError ? (
          'Не удалось загрузить кошельки'
        ) : (
          'Нет данных'
        )
      }
      popupMatchSelectWidth={false}
      style={{ minWidth: 280 }}
    />
  );
}
