import { Button, Drawer, Flex, Grid } from 'antd';
import { useState, type ReactNode } from 'react';
import { FilterBar } from './filter-bar';

/** How the filters are laid out: in a row that wraps, or one under another (a phone's drawer). */
export type FilterLayout = 'row' | 'stacked';

export interface FilterPanelProps {
  /** The list's text search: always in sight, first. */
  search?: ReactNode;
  /** The filters themselves, for the layout they are shown in (full width when stacked). */
  children: (layout: FilterLayout) => ReactNode;
  /** How many filters are set besides the search: the phone's «Фильтры» button says it. */
  active: number;
  /** At least one filter (or the search) is set: «Сбросить фильтры» is enabled. */
  filtered: boolean;
  onReset: () => void;
}

/**
 * A list's filter bar: the search, the filters and «Сбросить фильтры» in a row that wraps; on a
 * phone (below antd's `sm`, 576 px) the search and a «Фильтры» button that opens them in a drawer,
 * one under another, so that the list stays in sight. Each change applies at once either way.
 */
export function FilterPanel({ search, children, active, filtered, onReset }: FilterPanelProps) {
  const { xs: phone = false } = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  if (!phone) {
    return (
      <FilterBar search={search} filtered={filtered} onReset={onReset}>
        {children('row')}
      </FilterBar>
    );
  }
  const reset = (
    <Button onClick={onReset} disabled={!filtered}>
      Сбросить фильтры
    </Button>
  );
  return (
    <>
      <Flex gap="small" align="center">
        {/* The search takes what the button leaves of the screen's width. */}
        <div style={{ flex: '1 1 auto', minWidth: 0 }}>{search}</div>
        <Button aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {active > 0 ? `Фильтры (${active})` : 'Фильтры'}
        </Button>
      </Flex>
      <Drawer
        title="Фильтры"
        placement="bottom"
        size="85%"
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <Flex gap="small" justify="space-between">
            {reset}
            <Button type="primary" onClick={() => setOpen(false)}>
              Показать
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap="middle">
          {children('stacked')}
        </Flex>
      </Drawer>
    </>
  );
}
