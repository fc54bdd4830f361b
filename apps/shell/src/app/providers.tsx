import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { Provider } from 'react-redux';
import { dayjs } from '@tour/shared';
import type { AppStore } from './store';

// @tour/shared configures dayjs (ru, Monday first); antd's pickers use that same instance.
dayjs.locale('ru');

/** Everything a screen stands in: the one store, antd in Russian, antd's App context. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={ruRU}>
        <AntdApp>{children}</AntdApp>
      </ConfigProvider>
    </Provider>
  );
}
