import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRINT_HIDDEN_CLASS, PRINT_ONLY_CLASS } from '@tour/shared/ui';

/** The print-only header of a page: its title, then each filter as «label: value». */
export function printHeaderOf(container: HTMLElement): string[] {
  const header = container.querySelector(`.${PRINT_ONLY_CLASS}`);
  if (!header) throw new Error('No print header on the page');
  return [...header.children].map((child) => child.textContent ?? '');
}

/** True when the element, or one around it, stays off paper. */
export function isPrintHidden(element: Element): boolean {
  return element.closest(`.${PRINT_HIDDEN_CLASS}`) !== null;
}

/**
 * Clicks «Печать» with window.print spied on (jsdom has none): the number of calls, and the
 * button itself, which must not be printed.
 */
export async function clickPrint(): Promise<{ calls: number; button: HTMLElement }> {
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  try {
    const button = screen.getByRole('button', { name: 'Печать' });
    await userEvent.click(button);
    return { calls: print.mock.calls.length, button };
  } finally {
    print.mockRestore();
  }
}

/**
 * Clicks «Экспорт в XLSX» and waits for the file to be saved (the download link's click spied
 * on): the names it was saved under.
 */
export async function clickExport(): Promise<string[]> {
  const saved: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  try {
    await userEvent.click(screen.getByRole('button', { name: 'Экспорт в XLSX' }));
    await waitFor(() => expect(saved).toHaveLength(1));
  } finally {
    click.mockRestore();
  }
  return saved;
}

/** jsdom has no object URLs; the download revokes its URL a while later, maybe after the test. */
export function stubObjectUrls(): void {
  const { createObjectURL, revokeObjectURL } = URL;
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:report';
    URL.revokeObjectURL = () => undefined;
  });
  afterAll(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
}
