import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItineraryDay } from '@tour/shared';
import { Form, StyleProvider } from '@tour/shared/ui';
import { ItineraryEditor } from './itinerary-editor';

// antd's CSS-in-JS goes outside the document (jsdom is slow with it); nothing here asserts styles.
const styleSink = document.createElement('div');

const DAYS: ItineraryDay[] = [
  { title: 'Бишкек', description: 'Прилёт, трансфер в отель' },
  { title: 'Иссык-Куль', description: 'Переезд в Чолпон-Ату' },
  { title: 'Каракол', description: 'Ущелье Джети-Огуз' },
];

function renderEditor(itinerary: ItineraryDay[] = DAYS, emptyText?: string) {
  const user = userEvent.setup({ delay: null });
  render(
    <StyleProvider container={styleSink} mock="server">
      <Form initialValues={{ itinerary }}>
        <ItineraryEditor emptyText={emptyText} />
      </Form>
    </StyleProvider>,
  );
  return user;
}

/** The days' titles as the person sees them, in order. */
const titles = () =>
  screen
    .getAllByRole('textbox', { name: /^Название дня \d+$/ })
    .map((input) => (input as HTMLInputElement).value);

const button = (name: string) => screen.getByRole('button', { name });

const dataTransfer = () => ({ setData: jest.fn(), effectAllowed: 'uninitialized' });

describe('ItineraryEditor', () => {
  it('numbers the days and adds an empty day at the end', async () => {
    const user = renderEditor(DAYS.slice(0, 1));
    expect(screen.getByText('День 1')).toBeInTheDocument();
    expect(titles()).toEqual(['Бишкек']);

    await user.click(button('Добавить день'));
    expect(screen.getByText('День 2')).toBeInTheDocument();
    expect(titles()).toEqual(['Бишкек', '']);
    expect(screen.getByRole('textbox', { name: 'Описание дня 2' })).toHaveValue('');

    await user.type(screen.getByRole('textbox', { name: 'Название дня 2' }), 'Ала-Арча');
    expect(titles()).toEqual(['Бишкек', 'Ала-Арча']);
  });

  it('says there is no itinerary when there are no days, in its form’s words', () => {
    renderEditor([], 'Программа не задана: число дней указывается вручную.');
    expect(
      screen.getByText('Программа не задана: число дней указывается вручную.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('День 1')).not.toBeInTheDocument();
  });

  it('removes a day and numbers the rest again', async () => {
    const user = renderEditor();
    await user.click(button('Удалить день 2'));
    expect(titles()).toEqual(['Бишкек', 'Каракол']);
    expect(screen.queryByText('День 3')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Описание дня 2' })).toHaveValue(
      'Ущелье Джети-Огуз',
    );
  });

  it('moves a day with its "Выше" and "Ниже" buttons from the keyboard, the focus following', async () => {
    const user = renderEditor();
    expect(button('Переместить день 1 выше')).toBeDisabled();
    expect(button('Переместить день 3 ниже')).toBeDisabled();

    // Reached with Tab from the day's card header: "Выше", then "Ниже".
    button('Переместить день 2 выше').focus();
    await user.tab();
    expect(button('Переместить день 2 ниже')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Бишкек', 'Каракол', 'Иссык-Куль']);
    // The moved day is now the last: its "Ниже" is disabled, so the focus is on its "Выше".
    expect(button('Переместить день 3 выше')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Бишкек', 'Иссык-Куль', 'Каракол']);
    expect(button('Переместить день 2 выше')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(titles()).toEqual(['Иссык-Куль', 'Бишкек', 'Каракол']);
    expect(button('Переместить день 1 ниже')).toHaveFocus();
    // The description travels with its day.
    expect(screen.getByRole('textbox', { name: 'Описание дня 1' })).toHaveValue(
      'Переезд в Чолпон-Ату',
    );
    expect(screen.getByText('День 2 перемещён на место 1')).toBeInTheDocument();
  });

  it('moves a day dropped on another by dragging its handle', () => {
    renderEditor();
    const handle = screen.getByTitle('Перетащить день 3');
    const target = screen.getByRole('textbox', { name: 'Название дня 1' });

    fireEvent.dragStart(handle, { dataTransfer: dataTransfer() });
    fireEvent.dragOver(target, { dataTransfer: dataTransfer() });
    fireEvent.drop(target, { dataTransfer: dataTransfer() });
    fireEvent.dragEnd(handle);
    expect(titles()).toEqual(['Каракол', 'Бишкек', 'Иссык-Куль']);

    fireEvent.dragStart(screen.getByTitle('Перетащить день 1'), { dataTransfer: dataTransfer() });
    fireEvent.drop(screen.getByRole('textbox', { name: 'Описание дня 2' }), {
      dataTransfer: dataTransfer(),
    });
    expect(titles()).toEqual(['Бишкек', 'Каракол', 'Иссык-Куль']);
  });

  it('ignores a drop that did not start on a day', () => {
    renderEditor();
    fireEvent.drop(screen.getByRole('textbox', { name: 'Название дня 1' }), {
      dataTransfer: dataTransfer(),
    });
    expect(titles()).toEqual(['Бишкек', 'Иссык-Куль', 'Каракол']);
  });
});
