import { render, screen } from '@testing-library/react';
import { selectAllColumnTitle } from './select-all-title';

describe('selectAllColumnTitle', () => {
  it('names the checkbox in Russian and makes its copy in an aria-hidden row inert', () => {
    const checkbox = <input type="checkbox" aria-label="Select all" />;
    render(
      <table>
        <thead>
          <tr>
            <th>{selectAllColumnTitle(checkbox)}</th>
          </tr>
        </thead>
        <tbody>
          <tr aria-hidden="true">
            <td>{selectAllColumnTitle(checkbox)}</td>
          </tr>
        </tbody>
      </table>,
    );
    const [shown, copy] = screen.getAllByRole('checkbox', {
      name: 'Выбрать все на странице',
      hidden: true,
    });
    expect(screen.getByRole('checkbox')).toBe(shown);
    expect((shown!.parentElement as HTMLElement).inert).toBeFalsy();
    expect((copy!.parentElement as HTMLElement).inert).toBe(true);
  });
});
