import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from 'antd';
import { FilterPanel, type FilterLayout } from './filter-panel';
import { UiProviders } from './ui-providers';

const { matchMedia } = window;
/** A screen this many pixels wide, for antd's breakpoints (min-width and max-width queries). */
function screenOf(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    const max = /max-width:\s*(\d+)/.exec(query);
    const matches =
      (min === null || width >= Number(min[1])) && (max === null || width <= Number(max[1]));
    return { ...matchMedia(query), matches, media: query };
  };
}
afterEach(() => {
  window.matchMedia = matchMedia;
});

const layouts: FilterLayout[] = [];
function show({ active = 0, filtered = false, onReset = () => undefined } = {}) {
  return render(
    <UiProviders>
      <FilterPanel
        search={<input aria-label="Поиск" />}
        active={active}
        filtered={filtered}
        onReset={onReset}
      >
        {(layout) => {
          layouts.push(layout);
          return (
            <Select
              aria-label="Тип"
              style={{ width: layout === 'stacked' ? '100%' : 170 }}
              options={[{ value: 'income', label: 'Пополнение' }]}
            />
          );
        }}
      </FilterPanel>
    </UiProviders>,
  );
}

beforeEach(() => {
  layouts.length = 0;
});

describe('FilterPanel', () => {
  it('shows the search, the filters and the reset in a row on a wide screen', async () => {
    screenOf(1400);
    const onReset = jest.fn();
    const view = show({ filtered: true, onReset });
    expect(screen.getByRole('textbox', { name: 'Поиск' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Тип' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Фильтры/ })).not.toBeInTheDocument();
    expect(layouts.at(-1)).toBe('row');
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    view.unmount();

    show({ filtered: false });
    expect(screen.getByRole('button', { name: 'Сбросить фильтры' })).toBeDisabled();
  });

  it('keeps only the search and a «Фильтры» button on a phone, the filters one under another in a drawer', async () => {
    screenOf(390);
    const onReset = jest.fn();
    show({ active: 3, filtered: true, onReset });
    expect(screen.getByRole('textbox', { name: 'Поиск' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Тип' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Фильтры (3)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Фильтры' });
    expect(within(drawer).getByRole('combobox', { name: 'Тип' })).toBeInTheDocument();
    expect(layouts.at(-1)).toBe('stacked');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Сбросить фильтры' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says no count on the phone while nothing is set', () => {
    screenOf(390);
    show();
    expect(screen.getByRole('button', { name: 'Фильтры' })).toBeInTheDocument();
  });
});
