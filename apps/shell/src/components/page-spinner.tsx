import { Flex, Spin } from 'antd';

/** What the content area shows while a page (or a remote section) loads. */
export function PageSpinner() {
  return (
    <Flex
      role="status"
      aria-label="Загрузка"
      justify="center"
      align="center"
      style={{ padding: 48 }}
    >
      <Spin size="large" />
    </Flex>
  );
}
