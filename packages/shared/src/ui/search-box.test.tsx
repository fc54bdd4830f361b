import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('applies the trimmed text on Enter, not on every key, and not when it did not change', async () => {
    const onApply = jest.fn();
    // As a list holds it: the applied text becomes the box's value (the URL's).
    function Host() {
      const [value, setValue] = useState('');
      return (
        <SearchBox
          value={value}
          onApply={(text) => {
            onApply(text);
            setValue(text);
          }}
          label="Поиск тура"
        />
      );
    }
    render(<Host />);
    const box = screen.getByRole('searchbox', { name: 'Поиск тура' });
    expect(box).toHaveAttribute('placeholder', 'Поиск тура');
    await userEvent.type(box, '  Киото ');
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledWith('Киото');
    onApply.mockClear();
    render(<SearchBox value="Киото" onApply={onApply} label="Ещё" placeholder="Название" />);
    const other = screen.getByRole('searchbox', { name: 'Ещё' });
    expect(other).toHaveAttribute('placeholder', 'Название');
    await userEvent.type(other, ' {Enter}');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('applies the trimmed text once typing pauses, once', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const onApply = jest.fn();
      render(<SearchBox value="" onApply={onApply} label="Поиск тура" />);
      await user.type(screen.getByRole('searchbox', { name: 'Поиск тура' }), ' Сеул ');
      act(() => jest.advanceTimersByTime(399));
      expect(onApply).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(onApply).toHaveBeenCalledTimes(1);
      expect(onApply).toHaveBeenCalledWith('Сеул');
    } finally {
      jest.useRealTimers();
    }
  });

  it('follows the applied value when it changes from outside (a reset, the back button)', () => {
    let reset: () => void = () => undefined;
    function Host() {
      const [value, setValue] = useState('Сеул');
      reset = () => setValue('');
      return <SearchBox value={value} onApply={setValue} label="Поиск" />;
    }
    render(<Host />);
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('Сеул');
    act(() => reset());
    expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('');
  });
});
