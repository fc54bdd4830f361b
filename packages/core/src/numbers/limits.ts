/**
 * What a form says under a number outside its limits: the same sentence whatever the field is
 * called (an amount, seats, days), never the field's type («числом») for a value of the right type
 * on the wrong side of a limit.
 */
export const LIMIT_MESSAGES = {
  positive: 'Должно быть больше нуля',
  notNegative: 'Не меньше нуля',
  atLeast: (min: number) => `Не меньше ${min.toLocaleString('ru-RU')}`,
  atMost: (max: number) => `Не больше ${max.toLocaleString('ru-RU')}`,
  whole: 'Нужно целое число',
} as const;

/** The message of a number below `min`: zero and one read as «не меньше нуля» and «больше нуля». */
export function belowMessage(min: number): string {
  if (min === 0) return LIMIT_MESSAGES.notNegative;
  if (min === 1) return LIMIT_MESSAGES.positive;
  return LIMIT_MESSAGES.atLeast(min);
}

/** Why a typed count (seats, days, people) is refused, or null; empty is the `required` rule's. */
export function countError(value: unknown, { min, max }: { min: number; max: number }) {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number)) return LIMIT_MESSAGES.whole;
  if (number < min) return belowMessage(min);
  if (number > max) return LIMIT_MESSAGES.atMost(max);
  return null;
}

/**
 * A form rule of a whole count between `min` and `max` (the server's limits), said under the field.
 * Its input takes no `min` / `max` of its own: antd's InputNumber would silently replace a typed
 * -2 with the minimum on blur, and the person would never learn that the number was changed.
 */
export function countRule(limits: { min: number; max: number }) {
  return {
    validator: (_rule: unknown, value: unknown) => {
      const problem = countError(value, limits);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}
