import { Type } from '@sinclair/typebox';
import Ajv from 'ajv';
import { russianFieldErrors, type AjvLikeError } from './russian-validation';

// The schemas' shapes as the routes write them: a nullable list of rooms, a nullable choice, a
// nullable number, a list of either of two objects.
const Room = Type.Object(
  {
    room_type: Type.String({ enum: ['SGL', 'DBL'] }),
    participant_ids: Type.Array(Type.Integer()),
  },
  { additionalProperties: false },
);
const Body = Type.Object({
  room_plan: Type.Optional(Type.Union([Type.Array(Room), Type.Null()])),
  meal_plan: Type.Optional(Type.Union([Type.String({ enum: ['BB', 'HB'] }), Type.Null()])),
  seats: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  email: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'] })),
  stops: Type.Optional(
    Type.Array(
      Type.Union([
        Type.Object({ city: Type.String() }, { additionalProperties: false }),
        Type.Object({ airport: Type.String({ pattern: '^[A-Z]{3}$' }) }),
      ]),
    ),
  ),
});

const validate = new Ajv({ allErrors: true, strict: false }).compile(Body);

function errorsOf(body: unknown) {
  expect(validate(body)).toBe(false);
  return russianFieldErrors(validate.errors as AjvLikeError[]);
}

describe('russianFieldErrors of a union', () => {
  it('says what is wrong inside a room plan, not that the plan should be empty', () => {
    expect(errorsOf({ room_plan: [{ room_type: 'QUAD', participant_ids: 'все' }] })).toEqual({
      'room_plan.0.room_type': ['Недопустимое значение'],
      'room_plan.0.participant_ids': ['Значение должно быть списком'],
    });
  });

  it('names every type the value may have when it has none of them', () => {
    expect(errorsOf({ room_plan: 'DBL', seats: 'два', meal_plan: 5 })).toEqual({
      room_plan: ['Значение должно быть списком или пустым'],
      seats: ['Значение должно быть целым числом или пустым'],
      meal_plan: ['Значение должно быть строкой или пустым'],
    });
  });

  it('says a value of the right type is out of its choices or limits, once', () => {
    expect(errorsOf({ meal_plan: 'XX', seats: -1, email: 5 })).toEqual({
      meal_plan: ['Недопустимое значение'],
      seats: ['Не меньше 0'],
      email: ['Значение должно быть строкой или пустым'],
    });
  });

  it('keeps what each branch of the objects’ type says when both fit', () => {
    // The first has no airport (unknown there) and lacks a city; the second's airport is wrong.
    expect(errorsOf({ stops: [{ airport: 'frunze' }] })).toEqual({
      'stops.0.airport': ['Неизвестное поле', 'Неверный формат'],
      'stops.0.city': ['Обязательное поле'],
    });
    expect(errorsOf({ stops: ['Бишкек'] })).toEqual({
      'stops.0': ['Значение должно быть объектом'],
    });
  });
});
