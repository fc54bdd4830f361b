import { useEffect, useEffectEvent, useState, type CSSProperties } from 'react';
import { Input } from 'antd';

/** How long typing must pause before a filter reaches the URL (and the server). */
export const FILTER_DELAY_MS = 400;

export interface DebouncedInputProps {
  /** The applied value (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses, or at once on Enter. */
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  /** Only digits may be typed (an id). */
  digitsOnly?: boolean;
  /** A search box (with its button); else a plain field. */
  search?: boolean;
  delayMs?: number;
  style?: CSSProperties;
}

/**
 * A filter field that applies what is typed once typing pauses, so the list is not asked again
 * for every key. It follows the applied value when that changes from outside (a reset, the
 * browser's back button) without losing what is being typed.
 */
export function DebouncedInput({
  value,
  onChange,
  label,
  placeholder,
  digitsOnly = false,
  search = false,
  delayMs = FILTER_DELAY_MS,
  style,
}: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (text.trim() !== value) setText(value);
  }

  const pending = text.trim() !== value;
  // The page's latest onChange, without restarting the pause when the page renders again.
  const applyTyped = useEffectEvent((typed: string) => onChange(typed));
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => applyTyped(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [pending, text, delayMs]);

  const apply = () => {
    if (text.trim() !== value) onChange(text.trim());
  };
  const props = {
    'aria-label': label,
    placeholder,
    value: text,
    allowClear: true,
    inputMode: digitsOnly ? ('numeric' as const) : undefined,
    onChange: (event: { target: { value: string } }) =>
      setText(digitsOnly ? event.target.value.replace(/\D/g, '') : event.target.value),
    style,
  };
  return search ? (
    <Input.Search {...props} onSearch={apply} />
  ) : (
    <Input {...props} onPressEnter={apply} />
  );
}
