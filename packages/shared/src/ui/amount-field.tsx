import { Form, Input } from 'antd';
import { amountError, CURRENCY_SYMBOLS, type Currency } from '@tour/shared';

export interface AmountFieldProps {
  /** The amount's currency: its symbol before the input, its decimals checked (none yet: any). */
  currency: Currency | undefined;
  /** Fields the currency follows from: the amount is checked again when they change. */
  dependencies?: string[];
  /** Says under the input how the amount is written in the currency. */
  formatHint?: boolean;
  placeholder?: string;
}

/** How an amount is written in a currency: a whole number, or up to two decimals. */
export function amountFormatHint(currency: Currency): string {
  const digits =
    currency === 'kgs' || currency === 'jpy' ? 'целое число' : 'до 2 знаков после запятой';
  return `В ${currency.toUpperCase()}: ${digits}`;
}

/**
 * «Сумма» of a payment or a movement (the form's `amount`, a decimal string): required, in the
 * currency's decimals, with the currency's symbol before it.
 */
export function AmountField({ currency, dependencies, formatHint, placeholder }: AmountFieldProps) {
  return (
    <Form.Item
      name="amount"
      label="Сумма"
      required
      dependencies={dependencies}
      extra={formatHint && currency ? amountFormatHint(currency) : undefined}
      rules={[
        {
          validator: (_rule, value: string | undefined) => {
            const problem = amountError(value, currency);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
      ]}
    >
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        // Always a prefix (an empty one before the currency is known): antd remounts the input,
        // losing the focus, when a prefix comes or goes.
        prefix={<span aria-hidden="true">{currency ? CURRENCY_SYMBOLS[currency] : ''}</span>}
      />
    </Form.Item>
  );
}
