import { useEffect, useState } from 'react';
import {
  App,
  Card,
  Flex,
  InputNumber,
  LoadError,
  Skeleton,
  Switch,
  Typography,
} from '@tour/shared/ui';
import { serverMessageOf, validationErrorsOf } from '@tour/shared';
import {
  useShellOutboxKindsQuery,
  useShellSaveOutboxKindsMutation,
  type OutboxKindSetting,
} from '../api/outbox-api';

/** One kind: its switch (saved at once) and, where it has them, its days (saved when left). */
function KindRow({ kind }: { kind: OutboxKindSetting }) {
  const { message } = App.useApp();
  const [save, { isLoading }] = useShellSaveOutboxKindsMutation();
  const [days, setDays] = useState<number | null>(kind.days);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDays(kind.days), [kind.days]);

  const send = async (patch: { enabled: boolean; days?: number }) => {
    setError(null);
    try {
      await save({ kinds: [{ kind: kind.kind, ...patch }] }).unwrap();
      void message.success('Сохранено');
    } catch (failure) {
      const fieldError = validationErrorsOf(failure)?.['kinds.0.days']?.[0];
      if (fieldError) setError(fieldError);
      else void message.error(serverMessageOf(failure) ?? 'Не удалось сохранить настройку');
      setDays(kind.days);
    }
  };

  const saveDays = () => {
    if (days === null || days === kind.days) {
      setDays(kind.days);
      return;
    }
    void send({ enabled: kind.enabled, days });
  };

  return (
    <Flex vertical gap={4} style={{ paddingBlock: 8 }}>
      <Flex gap="small" align="center">
        <Switch
          aria-label={kind.label}
          checked={kind.enabled}
          loading={isLoading}
          onChange={(enabled) => void send({ enabled })}
        />
        <Typography.Text>{kind.label}</Typography.Text>
      </Flex>
      {kind.days_label ? (
        <Flex gap="small" align="center" wrap style={{ paddingInlineStart: 52 }}>
          <Typography.Text type="secondary">{kind.days_label}</Typography.Text>
          <InputNumber
            aria-label={kind.days_label}
            precision={0}
            value={days}
            status={error ? 'error' : undefined}
            onChange={(value) => setDays(typeof value === 'number' ? value : null)}
            onBlur={saveDays}
            onPressEnter={saveDays}
            style={{ width: 90 }}
          />
          {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
        </Flex>
      ) : null}
    </Flex>
  );
}

/** «Какие сообщения отправлять»: each kind switched on or off, with its days where it has them. */
export function OutboxKinds() {
  const { data, isLoading, isError, refetch } = useShellOutboxKindsQuery();
  return (
    <Card size="small" title="Какие сообщения отправлять">
      {isError ? (
        <LoadError title="Не удалось загрузить настройки" onRetry={() => void refetch()} />
      ) : isLoading ? (
        <Skeleton active />
      ) : (
        <Flex vertical>
          {(data ?? []).map((kind) => (
            <KindRow key={kind.kind} kind={kind} />
          ))}
        </Flex>
      )}
    </Card>
  );
}
