import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PRINT_CSS,
  PRINT_HIDDEN_CLASS,
  PRINT_ONLY_CLASS,
  PrintButton,
  PrintHeader,
  PrintStyles,
} from './print';

describe('printing', () => {
  it('hides the marked elements on paper and shows the print-only ones only there', () => {
    const { container } = render(<PrintStyles />);
    expect(container.querySelector('style')!.textContent).toBe(PRINT_CSS);
    expect(PRINT_CSS).toContain(`.${PRINT_ONLY_CLASS} { display: none; }`);
    expect(PRINT_CSS).toMatch(
      new RegExp(`@media print \\{\\n  \\.${PRINT_HIDDEN_CLASS} \\{ display: none !important; \\}`),
    );
  });

  it('prints the page from its button, which is itself not printed', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    render(<PrintButton />);
    const button = screen.getByRole('button', { name: 'Печать' });
    expect(button).toHaveClass(PRINT_HIDDEN_CLASS);
    await userEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('writes the title and the filters for paper only', () => {
    const { container } = render(
      <PrintHeader
        title="Общий отчет"
        lines={[
          ['Период', '01.01.2026–31.12.2026'],
          ['Валюта', 'USD'],
        ]}
      />,
    );
    const header = container.firstElementChild!;
    expect(header).toHaveClass(PRINT_ONLY_CLASS);
    expect(header.textContent).toBe('Общий отчетПериод: 01.01.2026–31.12.2026Валюта: USD');
  });
});
