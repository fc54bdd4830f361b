import { render, screen } from '@testing-library/react';
import { latinWordsIn } from '@tour/shared/testing';
import { Result } from './result';

// antd draws a 404 with an SVG titled «No Found»: the kit's Result titles it in Russian.

it('titles the pictures of 403, 404 and 500 in Russian and keeps the rest as antd draws it', () => {
  const { container, rerender } = render(<Result status="404" title="Поставщик не найден" />);
  expect(screen.getByText('Поставщик не найден')).toBeInTheDocument();
  expect(container.querySelector('svg > title')).toHaveTextContent('Не найдено');
  expect(latinWordsIn(container)).toEqual([]);
  rerender(<Result status="403" title="Нет прав" />);
  expect(container.querySelector('svg > title')).toHaveTextContent('Нет доступа');
  rerender(<Result status="500" title="Сбой" />);
  expect(container.querySelector('svg > title')).toHaveTextContent('Ошибка сервера');
  rerender(<Result status="info" title="Готово" />);
  expect(container.querySelector('svg > title')).toBeNull();
  expect(screen.getByText('Готово')).toBeInTheDocument();
});
