import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';

/** antd in Russian (its texts, dayjs pickers) and antd's App context (message, modal). */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={ruRU}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
