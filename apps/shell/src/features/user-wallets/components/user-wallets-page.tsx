import { useMemo } from 'react';
import {
  Card,
  LoadError,
  OperationsTable,
  PageFrame,
  Result,
  Skeleton,
  Typography,
} from '@tour/shared/ui';
import { skipToken } from '@tour/shared/state';
import { Link, useParams } from '@tour/shared/router';
import { Can, hrefOf, positiveInteger, routeByName, statusOf } from '@tour/shared';
import { useShellUserWalletsQuery, type UserWalletsData } from '../api/user-wallets-api';
import { useShellUserQuery } from '../../../lib/user-calls';
import { AddPayment } from './add-payment';
import { DocumentsPanel } from './documents-panel';
import { UserSummary } from './user-summary';
import { UserTrips } from './user-trips';
import { WalletCards } from './wallet-cards';

function NotFound() {
  return (
    <Result
      status="404"
      title="Пользователь не найден"
      subTitle="Возможно, его нет или он вам недоступен."
      extra={<Link to={hrefOf('users')}>К списку пользователей</Link>}
    />
  );
}

/**
 * Wallets and latest operations of the user. The server shows them to accounting, to the owner,
 * and with add_payment for the users one manages (403 to anyone else, who still sees the user and
 * its documents).
 */
function MoneySection({
  data,
  isLoading,
  isFetching,
  isError,
  forbidden,
  onRetry,
}: {
  data: UserWalletsData | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  forbidden: boolean;
  onRetry: () => void;
}) {
  const walletIds = useMemo(
    () => (data?.wallets ?? []).map((wallet) => wallet.id),
    [data?.wallets],
  );
  if (forbidden) {
    return (
      <Card title="Кошельки">
        <Typography.Text type="secondary">
          Кошельки и операции этого пользователя вам недоступны.
        </Typography.Text>
      </Card>
    );
  }
  let wallets;
  if (isLoading) wallets = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (isError && !data) wallets = <LoadError onRetry={onRetry} />;
  else wallets = <WalletCards wallets={data?.wallets ?? []} />;

  return (
    <>
      <Card title="Кошельки">{wallets}</Card>
      <Card title="Последние операции">
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : isError && !data ? (
          <Typography.Text type="secondary">Операции не загружены</Typography.Text>
        ) : (
          <OperationsTable
            label="Последние операции"
            operations={data?.transactions ?? []}
            ownWalletIds={walletIds}
            loading={isFetching}
            emptyText="Операций пока нет"
            showWallet
          />
        )}
      </Card>
    </>
  );
}

/**
 * user-wallets and user-roles (SPEC.md 2: the roles route shows the same view): who the user is
 * and its roles, the trips it takes part in, its wallets and latest operations, a payment
 * (add_payment: for a trip or a deposit) and its documents.
 */
export function UserWalletsPage() {
  // One view, one heading on both routes (the document title still names the route).
  const title = routeByName('user-wallets').title;
  const userId = positiveInteger(useParams().id);
  const userQuery = useShellUserQuery(userId ?? skipToken);
  const walletsQuery = useShellUserWalletsQuery(userId ?? skipToken);

  const notFound =
    userId === undefined ||
    statusOf(userQuery.error) === 404 ||
    statusOf(walletsQuery.error) === 404 ||
    (userQuery.isSuccess && !userQuery.data);

  let content;
  if (notFound) content = <NotFound />;
  else if (userQuery.isLoading) content = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (userQuery.isError || !userQuery.data) {
    content = <LoadError onRetry={() => void userQuery.refetch()} />;
  } else {
    const user = userQuery.data;
    content = (
      <>
        <UserSummary user={user} />
        <UserTrips
          userId={user.id}
          extra={
            // A payment is mostly for a trip; its dialog also takes a deposit into the wallets.
            walletsQuery.data ? (
              <Can I="add_payment">
                <AddPayment userId={user.id} wallets={walletsQuery.data.wallets} />
              </Can>
            ) : null
          }
        />
        <MoneySection
          data={walletsQuery.data}
          isLoading={walletsQuery.isLoading}
          isFetching={walletsQuery.isFetching}
          isError={walletsQuery.isError}
          forbidden={statusOf(walletsQuery.error) === 403}
          onRetry={() => void walletsQuery.refetch()}
        />
        <DocumentsPanel user={user} />
      </>
    );
  }

  return <PageFrame title={title}>{content}</PageFrame>;
}
