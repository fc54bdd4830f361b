import { render, screen } from '@testing-library/react';
import { PhoneCards } from './phone-cards';

describe('PhoneCards', () => {
  it('turns the rows of the table inside into cards below 600 px, and keeps the table', () => {
    render(
      <PhoneCards>
        <table aria-label="Туры">
          <tbody>
            <tr>
              <td>Грузия</td>
            </tr>
          </tbody>
        </table>
      </PhoneCards>,
    );
    expect(screen.getByRole('table', { name: 'Туры' })).toBeInTheDocument();
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(css).toMatch(/@media \(max-width: 599px\)/);
    // The header hidden, each row a block with a border: a card.
    expect(css).toMatch(/\.ant-table-thead \{ display: none; \}/);
    expect(css).toMatch(/tr\.ant-table-row \{[^}]*display: block;[^}]*border: 1px solid/);
  });
});
