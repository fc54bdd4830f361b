import type { TablePaginationConfig } from 'antd';
import type { Paginated } from '@tour/shared';

/**
 * A server-paged list's pagination, the same on every list: the server's page (or `currentPage`
 * while it loads), 20 a page unless the server says otherwise, no size changer, hidden when there
 * is one page, «Всего: N».
 */
export function listPagination(
  page: Paginated<unknown> | undefined,
  currentPage: number,
  onChange: (page: number) => void,
): TablePaginationConfig {
  return {
    current: page?.current_page ?? currentPage,
    pageSize: page?.per_page ?? 20,
    total: page?.total ?? 0,
    showSizeChanger: false,
    hideOnSinglePage: true,
    showTotal: (total) => `Всего: ${total}`,
    onChange,
  };
}
