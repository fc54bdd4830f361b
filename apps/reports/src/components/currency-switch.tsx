import { useId } from 'react';
import { Flex, Radio } from '@tour/shared/ui';
import { CURRENCIES, type Currency } from '@tour/shared';

const OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency.toUpperCase() }));

export interface CurrencySwitchProps {
  value: Currency;
  onChange: (currency: Currency) => void;
}

/** «Валюта отчета»: KGS, USD, EUR or JPY, the currency every amount of a report is counted in. */
export function CurrencySwitch({ value, onChange }: CurrencySwitchProps) {
  const labelId = useId();
  return (
    <Flex align="center" gap="small">
      <span id={labelId}>Валюта отчета</span>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        buttonStyle="solid"
        options={OPTIONS}
        value={value}
        onChange={(event) => onChange(event.target.value as Currency)}
      />
    </Flex>
  );
}
