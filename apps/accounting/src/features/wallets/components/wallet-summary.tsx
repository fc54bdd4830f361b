import { Descriptions, Typography } from '@tour/shared/ui';
import { CURRENCY_LABELS, formatAmount } from '@tour/shared';
import type { WalletRow } from '../api/wallets-api';
import { WALLET_KIND_LABELS } from './wallet-form';

/** The wallet's header: name, owner, currency and balance. */
export function WalletSummary({ wallet }: { wallet: WalletRow }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 2, lg: 4 }}
      items={[
        { key: 'name', label: 'Название', children: wallet.name },
        {
          key: 'owner',
          label: 'Владелец',
          children: wallet.type === 'site' ? 'Компания' : (wallet.user_name ?? '—'),
        },
        ...(wallet.kind
          ? [{ key: 'kind', label: 'Вид', children: WALLET_KIND_LABELS[wallet.kind] }]
          : []),
        {
          key: 'currency',
          label: 'Валюта',
          children: `${CURRENCY_LABELS[wallet.currency] ?? wallet.currency} (${wallet.currency.toUpperCase()})`,
        },
        {
          key: 'balance',
          label: 'Баланс',
          children: (
            <Typography.Text strong>
              {formatAmount(wallet.balance, wallet.currency)}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
