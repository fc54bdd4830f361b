import { splitBookingErrors } from './booking-errors';

describe('splitBookingErrors', () => {
  it('puts every message where the form of the kind shows it', () => {
    const split = splitBookingErrors(
      {
        supplier_id: ['Поставщик не найден'],
        ends_on: ['Дата выезда должна быть позже даты заезда'],
        'details.room_plan.1.participant_ids': ['Бекова Нурия уже в номере 1'],
        'details.room_plan.0.room_type': ['Недопустимое значение'],
        'details.room_plan.2.floor': ['?'],
        'details.room_plan': ['Добавьте хотя бы один номер'],
        'details.venue': ['Обязательное поле'],
        'participants.1.participant_id': ['Участник указан дважды'],
        'participants.7.participant_id': ['Это не участник выбранного тура'],
        participants: ['Выберите участников, которых покрывает бронирование'],
        penalty: ['Штраф указывается только у отменённого бронирования'],
        kind: ['Вид бронирования не меняется: создайте новое бронирование'],
      },
      'hotel',
      'confirmed',
      [11, 12],
    );
    expect(split.fields).toEqual([
      { name: ['supplier_id'], errors: ['Поставщик не найден'] },
      { name: ['ends_on'], errors: ['Дата выезда должна быть позже даты заезда'] },
      {
        name: ['details', 'room_plan', 1, 'participant_ids'],
        errors: ['Бекова Нурия уже в номере 1'],
      },
      { name: ['details', 'room_plan', 0, 'room_type'], errors: ['Недопустимое значение'] },
      { name: ['details', 'room_plan'], errors: ['Добавьте хотя бы один номер'] },
      { name: ['participants'], errors: ['Выберите участников, которых покрывает бронирование'] },
    ]);
    expect(split.covers).toEqual({ 12: { participant_id: ['Участник указан дважды'] } });
    // A room has no floor; a hotel has no venue; nobody was sent 8th; a confirmed booking shows
    // no penalty.
    expect(split.other).toEqual([
      '?',
      'Обязательное поле',
      'Это не участник выбранного тура',
      'Штраф указывается только у отменённого бронирования',
      'Вид бронирования не меняется: создайте новое бронирование',
    ]);
  });

  it('reads nested ticket paths and the single-day kinds without an end', () => {
    const split = splitBookingErrors(
      {
        'details.tickets.0.price': ['Сумма в JPY должна быть целой'],
        'details.tickets': ['Добавьте хотя бы одну категорию билетов'],
        'details.tickets.x.price': ['?'],
        ends_on: ['Укажите дату окончания'],
        cost: ['Обязательное поле'],
        'participants.0.room': ['Номер комнаты — от 1 до 2'],
      },
      'activity',
      'cancelled',
      [3],
    );
    expect(split.fields).toEqual([
      { name: ['details', 'tickets', 0, 'price'], errors: ['Сумма в JPY должна быть целой'] },
      { name: ['details', 'tickets'], errors: ['Добавьте хотя бы одну категорию билетов'] },
    ]);
    // An entrance has no room column: the message stays on the participant's row.
    expect(split.covers).toEqual({ 3: { participant_id: ['Номер комнаты — от 1 до 2'] } });
    expect(split.other).toEqual(['?', 'Укажите дату окончания', 'Обязательное поле']);
  });
});
