import { useMemo, useState, type CSSProperties } from 'react';
import { Select, Spin } from '@tour/shared/ui';
import { useAccountingOperationsWalletsQuery, type WalletOption } from '../api/operations-api';

/** «Наличные · USD · Иванова Анна»; a company wallet's owner is «Компания». */
export function describeWallet(wallet: WalletOption): string {
  const owner = wallet.type === 'site' ? 'Компания' : (wallet.user_name ?? '');
  return [wallet.name, wallet.currency.toUpperCase(), owner].filter(Boolean).join(' · ');
}

export interface WalletPickerProps {
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
  /** Load the wallets at once (a form) rather than when the list first opens (a filter). */
  eager?: boolean;
  style?: CSSProperties;
}

/** Picks one of the wallets the viewer may see (GET /admin/wallets), searched by its label. */
export function WalletPicker({
  value,
  onChange,
  id,
  label,
  placeholder = 'Выберите кошелёк',
  exclude,
  ownerId,
  eager = false,
  style,
}: WalletPickerProps) {
  const [opened, setOpened] = useState(false);
  // A preset value (from the URL) needs the list for its name.
  const wallets = useAccountingOperationsWalletsQuery(undefined, {
    skip: !eager && !opened && value == null,
  });

  const options = useMemo(() => {
    const list = (wallets.data ?? [])
      .filter((wallet) => wallet.id !== exclude)
      .filter((wallet) => ownerId === undefined || wallet.user_id === ownerId)
      .map((wallet) => ({ value: wallet.id, label: describeWallet(wallet) }));
    if (value != null && !list.some((option) => option.value === value)) {
      list.unshift({
        value,
        label: wallets.isFetching || !wallets.data ? 'Загрузка…' : 'Кошелёк не найден',
      });
    }
    return list;
  }, [wallets.data, wallets.isFetching, exclude, ownerId, value]);

  return (
    <Select<number>
      id={id}
      aria-label={label}
      placeholder={placeholder}
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
          'Нет данных'
        )
      }
      popupMatchSelectWidth={false}
      style={style}
    />
  );
}
