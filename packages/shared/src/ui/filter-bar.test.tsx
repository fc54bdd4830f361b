import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DebouncedInput } from './debounced-input';
import { FilterBar, ListFilterBar } from './filter-bar';

describe('FilterBar', () => {
  it('shows the search, the list’s filters and «Сбросить фильтры», enabled while filtered', async () => {
    const onReset = jest.fn();
    const { rerender } = render(
      <FilterBar search={<input aria-label="Поиск" />} filtered={false} onReset={onReset}>
        <input aria-label="Страна" />
      </FilterBar>,
    );
    expect(screen.getByRole('textbox', { name: 'Поиск' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Страна' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сбросить фильтры' })).toBeDisabled();
    rerender(
      <FilterBar filtered onReset={onReset}>
        <input aria-label="Страна" />
      </FilterBar>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });
});

describe('ListFilterBar', () => {
  it('searches the list’s search filter under «Поиск», at once on Enter', async () => {
    const onChange = jest.fn();
    render(
      <ListFilterBar
        filters={{ search: '', country: '' }}
        filtered={false}
        onChange={onChange}
        onReset={jest.fn()}
        searchPlaceholder="Название или страна"
        searchWidth={260}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Поиск' });
    expect(box).toHaveAttribute('placeholder', 'Название или страна');
    await userEvent.type(box, 'Киото{Enter}');
    expect(onChange).toHaveBeenCalledWith({ search: 'Киото' });
  });
});

describe('DebouncedInput', () => {
  it('takes digits only for an id, applied at once on Enter', async () => {
    const onChange = jest.fn();
    render(<DebouncedInput digitsOnly label="ID" value="" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'ID' });
    await userEvent.type(field, '1a2{Enter}');
    expect(field).toHaveValue('12');
    expect(onChange).toHaveBeenCalledWith('12');
  });

  it('keeps what is being typed when the page renders again, and applies it once it pauses', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const applied: string[] = [];
      let rerenderPage: () => void = () => undefined;
      function Page() {
        const [, setTick] = useState(0);
        rerenderPage = () => setTick((tick) => tick + 1);
        // A new onChange on every render, as a page's inline handler is.
        return <DebouncedInput label="Город" value="" onChange={(city) => applied.push(city)} />;
      }
      render(<Page />);
      await user.type(screen.getByRole('textbox', { name: 'Город' }), 'Осака');
      act(() => jest.advanceTimersByTime(300));
      act(() => rerenderPage());
      act(() => jest.advanceTimersByTime(100));
      expect(applied).toEqual(['Осака']);
      expect(screen.getByRole('textbox', { name: 'Город' })).toHaveValue('Осака');
    } finally {
      jest.useRealTimers();
    }
  });
});
