import { act, render, screen } from '@testing-library/react';
import { createRef, type ComponentRef } from 'react';
import { InputNumber } from './input-number';

// antd names an InputNumber's step buttons «Increase Value» / «Decrease Value»: the kit's say it
// in Russian, and the field's ref still reaches the input.

type Field = ComponentRef<typeof InputNumber>;

it('names the step buttons in Russian and hands its ref on', () => {
  const ref = createRef<Field>();
  render(<InputNumber aria-label="Мест" value={2} ref={ref} />);
  expect(screen.getByRole('button', { name: 'Увеличить' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Уменьшить' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Increase Value' })).not.toBeInTheDocument();
  act(() => ref.current!.focus());
  expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Мест' }));
});

it('takes a ref given as a function', () => {
  const seen: (Field | null)[] = [];
  const { unmount } = render(
    <InputNumber aria-label="Мест" ref={(node: Field | null) => void seen.push(node)} />,
  );
  expect(seen[0]?.nativeElement).toContainElement(screen.getByRole('spinbutton', { name: 'Мест' }));
  unmount();
  expect(seen.at(-1)).toBeNull();
});
