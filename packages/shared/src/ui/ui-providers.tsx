import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { PRODUCT_THEME } from './product-theme';
import { VALIDATE_MESSAGES } from './validate-messages';

/**
 * antd in Russian (its texts, dayjs pickers; form rules' messages that read well for any field),
 * in the product's readable colours, and antd's App context (message, modal).
 */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={ruRU}
      theme={PRODUCT_THEME}
      form={{ validateMessages: VALIDATE_MESSAGES }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
