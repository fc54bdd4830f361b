import type { ReadinessProblem } from '@tour/shared';
import type { Tone } from '../../../components/tone-tag';

/** What keeps a tourist from travelling, as its tag says it, and the tag's tone. */
export const READINESS_PROBLEMS: Readonly<Record<ReadinessProblem, { label: string; tone: Tone }>> =
  {
    passport_missing: { label: 'Нет паспорта', tone: 'error' },
    passport_expires: { label: 'Паспорт истекает', tone: 'warning' },
    birth_date_missing: { label: 'Нет даты рождения', tone: 'info' },
  };

/** The tag of a tourist without problems. */
export const READY = { label: 'Готов', tone: 'success' } as const;
