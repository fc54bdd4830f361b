import { render, screen } from '@testing-library/react';
import { Select } from './select';

// antd names a select's clear button «Clear» in every locale: the kit's Select says «Очистить».

it('names the clear button in Russian and keeps antd’s icon', () => {
  render(
    <Select<number>
      aria-label="Поставщик"
      allowClear
      value={7}
      options={[{ value: 7, label: 'Hilton Tokyo' }]}
    />,
  );
  const clear = screen.getByRole('button', { name: 'Очистить' });
  expect(clear.querySelector('.anticon-close-circle')).not.toBeNull();
  expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
});

it('leaves a select without a clear button as it is', () => {
  render(<Select aria-label="Тип" value="DBL" options={[{ value: 'DBL', label: 'DBL' }]} />);
  expect(screen.queryByRole('button', { name: 'Очистить' })).not.toBeInTheDocument();
  expect(Select.Option).toBeDefined();
});
