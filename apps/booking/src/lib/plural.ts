// The words the booking screens count (with `plural` of @tour/shared).
export const NIGHTS = ['ночь', 'ночи', 'ночей'] as const;
export const DAYS = ['день', 'дня', 'дней'] as const;
export const PEOPLE = ['участник', 'участника', 'участников'] as const;
