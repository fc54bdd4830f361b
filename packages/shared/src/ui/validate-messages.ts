import type { FormProps } from 'antd';

type ValidateMessages = NonNullable<FormProps['validateMessages']>;

// The messages of antd's form rules when a rule names none. antd's Russian ones put the field's
// label into a sentence whose gender they guess («Название должна быть меньше или равна 255
// символов»); these read well for any field, under it, without the label.
const WRONG = 'Неверное значение';

export const VALIDATE_MESSAGES: ValidateMessages = {
  default: WRONG,
  required: 'Обязательное поле',
  enum: 'Выберите одно из значений',
  whitespace: 'Обязательное поле',
  date: { format: 'Неверная дата', parse: 'Неверная дата', invalid: 'Неверная дата' },
  types: {
    string: WRONG,
    method: WRONG,
    array: WRONG,
    object: WRONG,
    number: 'Нужно число',
    date: 'Неверная дата',
    boolean: WRONG,
    integer: 'Нужно целое число',
    float: 'Нужно число',
    regexp: WRONG,
    email: 'Неверный адрес электронной почты',
    url: 'Неверный адрес',
    hex: WRONG,
  },
  // «Длина — не больше 32»: no noun to agree with the number («32 символа», «255 символов»).
  string: {
    len: 'Длина — ровно ${len}',
    min: 'Длина — не меньше ${min}',
    max: 'Длина — не больше ${max}',
    range: 'Длина — от ${min} до ${max}',
  },
  number: {
    len: 'Должно быть ${len}',
    min: 'Не меньше ${min}',
    max: 'Не больше ${max}',
    range: 'От ${min} до ${max}',
  },
  array: {
    len: 'Нужно ровно ${len}',
    min: 'Нужно не меньше ${min}',
    max: 'Не больше ${max}',
    range: 'Нужно от ${min} до ${max}',
  },
  pattern: { mismatch: 'Неверный формат' },
};
