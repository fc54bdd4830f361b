import { useEffect } from 'react';
import { useDispatch } from '@tour/shared/state';
import { api, onBalanceUpdated } from '@tour/shared';
import { balanceUpdatedTags } from '../api/wallets-api';

/** Reloads the wallets (and the touched operations) on every shared balance-updated event. */
export function useReloadOnBalanceUpdated(): void {
  const dispatch = useDispatch();
  useEffect(
    () =>
      onBalanceUpdated((detail) => {
        dispatch(api.util.invalidateTags(balanceUpdatedTags(detail)));
      }),
    [dispatch],
  );
}
