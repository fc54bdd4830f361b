import { Card, Col, EmptyState, Row, Tag, Typography } from '@tour/shared/ui';
import { Link } from '@tour/shared/router';
import { CURRENCY_LABELS, formatAmount, hrefOf, useCan } from '@tour/shared';
import type { UserWallet } from '../api/user-wallets-api';

/** The user's wallets, one card per wallet, with the balance of confirmed operations. */
export function WalletCards({ wallets }: { wallets: UserWallet[] }) {
  const can = useCan();
  if (wallets.length === 0) {
    return <EmptyState description="Кошельков пока нет" />;
  }
  const linked = can('accounting_section');
  return (
    <Row gutter={[16, 16]}>
      {wallets.map((wallet) => (
        <Col key={wallet.id} xs={24} sm={12} xl={8} xxl={6}>
          <Card
            size="small"
            title={
              linked ? (
                <Link to={hrefOf('balance-wallet', { id: wallet.id })}>{wallet.name}</Link>
              ) : (
                wallet.name
              )
            }
            extra={
              <Tag title={CURRENCY_LABELS[wallet.currency]}>{wallet.currency.toUpperCase()}</Tag>
            }
            aria-label={`Кошелёк ${wallet.name}`}
            role="group"
          >
            <Typography.Text type="secondary">Баланс</Typography.Text>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {formatAmount(wallet.balance, wallet.currency)}
            </Typography.Title>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
