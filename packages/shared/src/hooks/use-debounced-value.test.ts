import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers a value once it has stopped changing for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'И' },
    });
    expect(result.current).toBe('И');
    rerender({ value: 'Ив' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: 'Иван' });
    act(() => jest.advanceTimersByTime(299));
    expect(result.current).toBe('И');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('Иван');
  });
});
