import { Empty } from 'antd';

/** What a list shows when it has nothing to show (also when the server's code is not 1). */
export function EmptyState({ description = 'Нет данных' }: { description?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;
}
