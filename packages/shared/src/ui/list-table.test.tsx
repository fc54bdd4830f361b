import { render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { CardCellLabel, ListTable } from './list-table';
import type { TableColumnsType } from 'antd';

interface Row {
  id: number;
  name: string;
  phone: string;
}

const COLUMNS: TableColumnsType<Row> = [
  { title: 'ID', dataIndex: 'id' },
  { title: 'ФИО', dataIndex: 'name', onCell: () => ({ className: 'own' }) },
  { title: 'Телефон', dataIndex: 'phone', fixed: 'right' },
  { title: 'Действия', key: 'actions', render: () => <a href="#edit">Изменить</a> },
];

describe('ListTable', () => {
  it('names each cell by its column for a phone’s card, the row’s name first and unnamed', () => {
    render(
      <ListTable<Row>
        rowKey="id"
        aria-label="Пользователи"
        cardTitle="name"
        columns={COLUMNS}
        dataSource={[{ id: 7, name: 'Асанова Айгуль', phone: '+996700000001' }]}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Пользователи' });
    const row = within(table).getByText('Асанова Айгуль').closest('tr')!;
    const cells = [...row.querySelectorAll('td')];
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'ID',
      null,
      'Телефон',
      null,
    ]);
    expect(cells[1]).toHaveAttribute('data-card-title');
    // A column's own cell attributes are kept.
    expect(cells[1]).toHaveClass('own');
    expect(cells[3]).not.toHaveAttribute('data-card-title');
  });

  it('turns the rows into cards below 600 px only', () => {
    render(
      <ListTable<Row>
        rowKey="id"
        columns={COLUMNS}
        dataSource={[{ id: 41, name: 'Первый', phone: '+996700000002' }]}
        pagination={false}
      />,
    );
    // The first column names the row by default.
    expect(screen.getByText('41', { selector: 'td' })).toHaveAttribute('data-card-title');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(css).toMatch(/@media \(max-width: 599px\)/);
    expect(css).toMatch(/\.ant-table-thead \{ display: none; \}/);
    expect(css).toMatch(/tr\.ant-table-row \{[^}]*display: flex;[^}]*border: 1px solid/);
    // The table's own width gives way: a card is as wide as the screen.
    expect(css).toMatch(/width: 100% !important/);
  });

  it('makes the summary row a last card whose cells are named on a phone only', () => {
    render(
      <ListTable<Row>
        rowKey="id"
        columns={COLUMNS}
        dataSource={[{ id: 5, name: 'Второй', phone: '+996700000003' }]}
        pagination={false}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              Итого
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2}>
              <CardCellLabel>Телефонов</CardCellLabel>1
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />,
    );
    const label = screen.getByText('Телефонов');
    expect(label).toHaveClass('tour-list-table-card-label');
    expect(label.closest('td')).toHaveTextContent('Телефонов1');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    // Hidden on a wide screen, shown in the phone's media query (after it, so it wins there),
    // where the summary is a card.
    const [wide, phone] = css.split(/(?=@media \(max-width: 599px\))/);
    expect(wide).toMatch(/\.tour-list-table \.tour-list-table-card-label \{ display: none; \}/);
    expect(phone).toMatch(/\.ant-table-summary > tr \{[^}]*display: flex;[^}]*border: 1px solid/);
    expect(phone).toMatch(/\.tour-list-table-card-label \{\s*display: inline-block;/);
  });

  it('lets a list as wide as its content wrap its cells before it scrolls sideways', () => {
    const { container } = render(
      <>
        <ListTable<Row>
          rowKey="id"
          aria-label="Свободная"
          columns={COLUMNS}
          dataSource={[{ id: 1, name: 'Кубанычбекова Динара', phone: '+996555350832' }]}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
        <ListTable<Row>
          rowKey="id"
          aria-label="Заданной ширины"
          columns={COLUMNS}
          dataSource={[{ id: 2, name: 'Осипов Владислав', phone: '+996555442278' }]}
          pagination={false}
          scroll={{ x: 1060 }}
        />
      </>,
    );
    // As wide as its box at least, and no wider than its cells need once they wrap, where the
    // columns stay in sight; a table given a width keeps it.
    const free = screen.getByRole('table', { name: 'Свободная' });
    expect(free.style.width).toBe('auto');
    expect(free.style.minWidth).toBe('100%');
    expect(free.style.tableLayout).toBe('auto');
    const sized = screen.getByRole('table', { name: 'Заданной ширины' });
    expect(sized.style.width).toBe('1060px');
    const wrappers = [...container.querySelectorAll('.tour-list-table')];
    expect(wrappers.map((wrapper) => wrapper.classList.contains('tour-list-table-wraps'))).toEqual([
      true,
      false,
    ]);
    // Wrapped between words only, and only on a screen wider than a phone's (a card breaks a long
    // e-mail anywhere rather than let it leave the screen).
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(css).toMatch(
      /@media \(min-width: 600px\) \{\s*\.tour-list-table-wraps \.ant-table-tbody > tr > td,[^}]*overflow-wrap: normal !important;\s*word-break: normal !important;/,
    );
  });
});
