import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { PRODUCT_THEME } from './product-theme';
import { VALIDATE_MESSAGES } from './validate-messages';

// On a phone a card's actions (a select, a button) go under its title when both do not fit on a
// line, instead of the title being cut to «Участн…».
const PHONE_CSS = `@media (max-width: 599px) {
  .ant-card .ant-card-head .ant-card-head-wrapper {
    flex-wrap: wrap;
    gap: 8px;
    padding-block: 12px;
  }
  .ant-card .ant-card-head .ant-card-head-title {
    flex: 1 0 auto;
    max-width: 100%;
    white-space: normal;
  }
}`;

/**
 * antd in Russian (its texts, dayjs pickers; form rules' messages that read well for any field),
 * in the product's readable colours, and antd's App context (message, modal); a card's head wraps
 * on a phone.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={ruRU}
      theme={PRODUCT_THEME}
      form={{ validateMessages: VALIDATE_MESSAGES }}
    >
      {/* React hoists it into the document's head, once (href), out of any page's text. */}
      <style href="tour-ui-phone" precedence="medium">
        {PHONE_CSS}
      </style>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
