import { InputNumber as AntInputNumber, type InputNumberProps } from 'antd';
import { useCallback, useLayoutEffect, useRef, type ComponentRef, type Ref } from 'react';

type InputNumberElement = ComponentRef<typeof AntInputNumber>;

/** antd's step buttons, named in English by the library whatever the locale. */
const STEP_LABELS: Record<string, string> = {
  'Increase Value': 'Увеличить',
  'Decrease Value': 'Уменьшить',
};
const STEPS = Object.keys(STEP_LABELS)
  .map((label) => `[aria-label="${label}"]`)
  .join(', ');

function RussianInputNumber({
  ref,
  ...props
}: InputNumberProps & { ref?: Ref<InputNumberElement> }) {
  const own = useRef<InputNumberElement | null>(null);
  const setRef = useCallback(
    (node: InputNumberElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  // The step buttons' names are constants of the library: once renamed, no render renames them.
  useLayoutEffect(() => {
    own.current?.nativeElement?.querySelectorAll(STEPS).forEach((step) => {
      step.setAttribute('aria-label', STEP_LABELS[step.getAttribute('aria-label')!]!);
    });
  });
  return <AntInputNumber {...props} ref={setRef} />;
}

/** antd's InputNumber, its step buttons named «Увеличить» / «Уменьшить»: the same props. */
export const InputNumber = RussianInputNumber as unknown as typeof AntInputNumber;
