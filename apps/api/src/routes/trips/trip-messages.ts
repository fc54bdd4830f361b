import { TRIP_STATUSES, type TripStatus } from '@tour/core';
import type { UniqueFields } from '../../lib/http-errors';

export const TRIP_MESSAGES = {
  notFound: 'Тур не найден',
  required: 'Обязательное поле',
  tourMissing: 'Заготовленный тур не найден',
  tourArchived: 'Этот заготовленный тур в архиве',
  priceRequired: 'Укажите цену и валюту или выберите заготовленный тур',
  endRequired: 'Укажите дату окончания или выберите заготовленный тур',
  managerMissing: 'Менеджер не найден',
  managerNotStaff: 'Менеджером тура может быть только сотрудник',
  seatsBelowTaken: (taken: number) => `Мест не может быть меньше, чем уже занято: ${taken}`,
  currencyLocked: 'Валюту нельзя сменить: у тура уже есть участники',
  statusMove: (from: TripStatus, to: TripStatus) =>
    `Нельзя перевести тур из статуса «${TRIP_STATUSES[from].label}» в «${TRIP_STATUSES[to].label}»`,
  closedTrip: 'Тур завершён или отменён: состав участников больше не меняется',
  noSeats: (seats: number) => `Свободных мест нет: все ${seats} заняты`,
  touristMissing: 'Турист не найден',
  alreadyParticipant: 'Этот турист уже участвует в туре',
  discountAbovePrice: 'Скидка не может быть больше цены',
  participantMissing: 'Участник не найден',
} as const;

export const TRIP_UNIQUE_FIELDS: UniqueFields = {
  trip_participants_unique: ['user_id', TRIP_MESSAGES.alreadyParticipant],
};
