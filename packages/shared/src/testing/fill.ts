import userEvent from '@testing-library/user-event';

type Paster = Pick<ReturnType<typeof userEvent.setup>, 'click' | 'paste'>;

/**
 * Puts a whole value into a text field at once, as a paste: typed key by key, every key
 * re-renders an antd form (a tenth of a second each on a busy machine) and proves nothing more
 * for free text. Type where the keys matter: a date picker's Enter, a search as you type, a mask.
 */
export async function fill(field: HTMLElement, text: string, user: Paster = userEvent) {
  await user.click(field);
  await user.paste(text);
}
