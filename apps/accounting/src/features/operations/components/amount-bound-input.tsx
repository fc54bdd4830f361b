import { useState, type CSSProperties } from 'react';
import { Input } from '@tour/shared/ui';
import { normalizeAmount } from '@tour/shared';
import { amountBound } from '../lib/query-values';

export interface AmountBoundInputProps {
  /** The applied bound (from the URL), a decimal string ("1200.50"). */
  value: string | undefined;
  onApply: (amount: string | undefined) => void;
  /** Its accessible name. */
  label: string;
  placeholder?: string;
  style?: CSSProperties;
}

const shown = (value: string | undefined) => (value ?? '').replace('.', ',');

/**
 * An amount filter typed as a person writes it ("1 200,50"), applied on Enter or on leaving the
 * field, not on every key; emptied, it applies at once. What is not an amount is marked, not sent.
 */
export function AmountBoundInput({
  value,
  onApply,
  label,
  placeholder = label,
  style,
}: AmountBoundInputProps) {
  const [typed, setTyped] = useState(shown(value));
  const [applied, setApplied] = useState(value);
  // Follows the applied value when it changes from outside (a reset, the back button).
  if (value !== applied) {
    setApplied(value);
    setTyped(shown(value));
  }
  const amount = normalizeAmount(typed);
  const invalid = amount !== '' && amountBound.read(amount) === undefined;
  const apply = () => {
    if (invalid) return;
    const next = amount === '' ? undefined : amount;
    if (next !== value) onApply(next);
  };
  return (
    <Input
      aria-label={label}
      aria-invalid={invalid || undefined}
      placeholder={placeholder}
      inputMode="decimal"
      autoComplete="off"
      value={typed}
      status={invalid ? 'error' : undefined}
      title={invalid ? 'Сумма — число, например 1200,50' : undefined}
      onChange={(event) => {
        setTyped(event.target.value);
        if (event.target.value === '' && value !== undefined) onApply(undefined);
      }}
      onPressEnter={apply}
      onBlur={apply}
      style={style}
    />
  );
}
