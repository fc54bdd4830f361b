import {
  allMessagesOf,
  serverMessageOf,
  splitFieldErrors,
  statusOf,
  validationErrorsOf,
} from './server-errors';

const unprocessable = (errors: unknown) => ({
  status: 422,
  data: { code: 0, message: 'x', errors },
});

describe('reading a failed call', () => {
  it('takes the field errors of a 422 only, dropping empty messages', () => {
    expect(
      validationErrorsOf(unprocessable({ key: ['Занят'], days: 'Не то', empty: [''] })),
    ).toEqual({
      key: ['Занят'],
      days: ['Не то'],
    });
    expect(validationErrorsOf(unprocessable({}))).toBeNull();
    expect(validationErrorsOf(unprocessable(['a']))).toBeNull();
    expect(validationErrorsOf({ status: 500, data: { errors: { a: ['b'] } } })).toBeNull();
    expect(validationErrorsOf(null)).toBeNull();
  });

  it('gives the status, or null for what is not a failed call', () => {
    expect(statusOf({ status: 0 })).toBe(0);
    expect(statusOf({ status: 404 })).toBe(404);
    expect(statusOf({ status: 'x' })).toBeNull();
    expect(statusOf('boom')).toBeNull();
  });

  it('lists every message once, and splits the known fields from the rest', () => {
    expect(allMessagesOf(unprocessable({ a: ['Одно', 'Два'], b: ['Одно'] }))).toEqual([
      'Одно',
      'Два',
    ]);
    expect(allMessagesOf({ status: 500 })).toBeNull();
    expect(
      splitFieldErrors({ price: ['Цена', 'Цена'], seats: ['Места'], other: ['Иное'] }, [
        'price',
        'seats',
      ]),
    ).toEqual({
      fields: [
        { name: 'price', errors: ['Цена'] },
        { name: 'seats', errors: ['Места'] },
      ],
      other: ['Иное'],
    });
  });
});

describe('serverMessageOf', () => {
  it("reads the server's own sentence of a refusal, and nothing else", () => {
    const refusal = {
      status: 409,
      data: { code: 0, message: 'Операция уже подтверждена' },
    };
    expect(serverMessageOf(refusal)).toBe('Операция уже подтверждена');
    expect(serverMessageOf({ status: 500, data: { code: 0, message: '   ' } })).toBeNull();
    expect(serverMessageOf({ status: 500, data: 'Internal Server Error' })).toBeNull();
    expect(serverMessageOf({ status: 0 })).toBeNull();
    expect(serverMessageOf(null)).toBeNull();
    expect(serverMessageOf({ data: { message: 42 } })).toBeNull();
  });
});
