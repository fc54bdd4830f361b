import { useMemo, useState, type CSSProperties } from 'react';
import { Spin } from 'antd';
import type { Currency } from '@tour/shared';
import { Select } from './select';
import { describeWallet, useSharedWalletOptionsQuery } from './wallet-options-api';

export interface WalletSelectProps {
  value?: number | null;
  onChange?: (walletId: number | undefined) => void;
  /** Set by Form.Item: the field's id, so that its label names the select. */
  id?: string;
  /** The accessible name when no label names it (a filter). */
  label?: string;
  placeholder?: string;
  /** A wallet not to offer (a transfer's source, when picking its target). */
  exclude?: number;
  /** When set, only this user's wallets are offered. */
  ownerId?: number;
  /** When set, only wallets in this currency are offered (a supplier is paid in its booking's). */
  currency?: Currency;
  /** Load the wallets at once (a form) rather than when the list first opens (a filter). */
  eager?: boolean;
  style?: CSSProperties;
}

/**
 * Picks one of the wallets the viewer may see (GET /admin/wallets), searched by its label
 * «Наличные · USD · Иванова Анна». A value set before the list is loaded (from the URL) loads it
 * for its name; a value outside the offered ones still reads as its wallet, never as an id.
 */
export function WalletSelect({
  value,
  onChange,
  id,
  label,
  placeholder,
  exclude,
  ownerId,
  currency,
  eager = false,
  style,
}: WalletSelectProps) {
  const [opened, setOpened] = useState(false);
  const wallets = useSharedWalletOptionsQuery(undefined, {
    skip: !eager && !opened && value == null,
  });

  const options = useMemo(() => {
    const all = wallets.data ?? [];
    const list = all
      .filter((wallet) => wallet.id !== exclude)
      .filter((wallet) => ownerId === undefined || wallet.user_id === ownerId)
      .filter((wallet) => currency === undefined || wallet.currency === currency)
      .map((wallet) => ({ value: wallet.id, label: describeWallet(wallet) }));
    if (value != null && !list.some((option) => option.value === value)) {
      const chosen = all.find((wallet) => wallet.id === value);
      list.unshift({
        value,
        label: chosen
          ? describeWallet(chosen)
          : wallets.isFetching || !wallets.data
            ? 'Загрузка…'
            : 'Кошелёк не найден',
      });
    }
    return list;
  }, [wallets.data, wallets.isFetching, exclude, ownerId, currency, value]);

  const nothing = currency ? `Нет кошельков в ${currency.toUpperCase()}` : 'Нет данных';
  return (
    <Select<number>
      id={id}
      aria-label={label}
      placeholder={
        placeholder ?? (currency ? `Кошелёк в ${currency.toUpperCase()}` : 'Выберите кошелёк')
      }
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      options={options}
      onChange={(next) => onChange?.(next ?? undefined)}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={wallets.isFetching}
      notFoundContent={
        wallets.isFetching ? (
          <Spin size="small" />
        ) : wallets.isError ? (
          'Не удалось загрузить кошельки'
        ) : (
          nothing
        )
      }
      popupMatchSelectWidth={false}
      style={style}
    />
  );
}
