import { App, Flex, Switch, Typography } from '@tour/shared/ui';
import { formatDateTime, useCan } from '@tour/shared';
import {
  useAccountingOperationsSaveSettingsMutation,
  useAccountingOperationsSettingsQuery,
} from '../api/operations-api';

/**
 * The four-eyes rule of the ledger: shown to the accountants, changed only by an administrator
 * (create_admin), each change asked for first and written into the history by the server.
 */
export function FourEyesSetting() {
  const can = useCan();
  const { data } = useAccountingOperationsSettingsQuery();
  const [save, { isLoading }] = useAccountingOperationsSaveSettingsMutation();
  const { modal, message } = App.useApp();
  if (!data) return null;
  const mayChange = can('create_admin');
  const change = (next: boolean) => {
    modal.confirm({
      title: next
        ? 'Включить подтверждение только другим сотрудником?'
        : 'Разрешить подтверждать свои операции?',
      content: next
        ? 'Создавший операцию не сможет её подтвердить.'
        : 'Создавший операцию сможет сам её подтвердить. Изменение запишется в историю.',
      okText: next ? 'Включить' : 'Выключить',
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await save({ four_eyes: next }).unwrap();
          void message.success(
            next ? 'Правило двух сотрудников включено' : 'Правило двух сотрудников выключено',
          );
        } catch {
          void message.error('Не удалось изменить настройку');
        }
      },
    });
  };
  return (
    <Flex gap="small" align="center" wrap>
      <Switch
        aria-label="Подтверждает только другой сотрудник"
        checked={data.four_eyes}
        disabled={!mayChange}
        loading={isLoading}
        onChange={change}
      />
      <Typography.Text>Подтверждает только другой сотрудник</Typography.Text>
      {data.updated_at ? (
        <Typography.Text type="secondary">
          (изменено {formatDateTime(data.updated_at)}
          {data.updated_by_name ? `, ${data.updated_by_name}` : ''})
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
