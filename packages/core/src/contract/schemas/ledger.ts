import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import { maxAmountText, Paginated, StringEnum } from './common';
import { COMMENT_MAX_LENGTH } from './accounting';
import { TransactionJson } from './wallets';

/** A rejection's or a reversal's reason: at most this many characters. */
export const REASON_MAX_LENGTH = 1000;

const id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, ...(description ? { description } : {}) });
const Day = (description: string) =>
  Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const MOVEMENT_TYPES = ['income', 'outcome', 'transfer'] as const;
export const MOVEMENT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;

/** POST /admin/balance/movements: one movement, pending until confirmed. */
export const MovementBody = Type.Object(
  {
    type: StringEnum(MOVEMENT_TYPES, {
      description: 'income — Пополнение, outcome — Снятие, transfer — Перевод',
    }),
    wallet_id: id('Кошелёк (у перевода — откуда)'),
    amount: Type.Unsafe<number | string>({
      type: ['number', 'string'],
      description:
        'В основных единицах валюты кошелька: 1500.50 или "1500.50"; больше нуля, не больше ' +
        `предела валюты: ${maxAmountText()}.`,
    }),
    target_wallet_id: Type.Optional(id('Перевод: кошелёк-получатель')),
    rate_date: Type.Optional(
      Day(
        'Перевод между валютами: день курса (последний курс в этот день или раньше); по ' +
          'умолчанию сегодня',
      ),
    ),
    trip_id: Type.Optional(id('Тур')),
    participant_id: Type.Optional(id('Участник тура (нужен trip_id)')),
    category: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Категория административной операции (право administrative_transactions)',
      }),
    ),
    comment: Type.Optional(
      Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: COMMENT_MAX_LENGTH }),
    ),
    overpayment: Type.Optional(
      Type.Boolean({
        description:
          'Пополнение участника тура, после которого оплачено и ожидает больше суммы к оплате, — ' +
          'переплата: без true ответ 422 с причиной под overpayment (DESIGN.md 3b)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type MovementBody = Static<typeof MovementBody>;

const Reason = Type.String({ maxLength: REASON_MAX_LENGTH + 1, description: 'Причина' });

export const ReasonBody = Type.Object({ reason: Reason }, { additionalProperties: false });
export type ReasonBody = Static<typeof ReasonBody>;

export const BULK_MAX = 100;
const Ids = Type.Array(id(), {
  minItems: 1,
  maxItems: BULK_MAX,
  description: `Операции, не больше ${BULK_MAX}`,
});

export const BulkConfirmBody = Type.Object({ ids: Ids }, { additionalProperties: false });
export type BulkConfirmBody = Static<typeof BulkConfirmBody>;
export const BulkRejectBody = Type.Object(
  { ids: Ids, reason: Reason },
  { additionalProperties: false },
);
export type BulkRejectBody = Static<typeof BulkRejectBody>;

export const BulkResult = Type.Object({
  id: Type.Integer(),
  ok: Type.Boolean(),
  status: Type.Integer({ description: 'HTTP-статус, который дала бы операция по отдельности' }),
  message: Type.Union([Type.String(), Type.Null()]),
  operation: Type.Union([TransactionJson, Type.Null()]),
});
export type BulkResult = Static<typeof BulkResult>;

const paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

export const WAITING_SORTS = ['oldest', 'newest', 'amount_desc', 'amount_asc'] as const;
export type WaitingSort = (typeof WAITING_SORTS)[number];

/** An amount filter, in major units of each operation's own currency. */
const AmountBound = (description: string) =>
  Type.Number({ minimum: 0, maximum: 10_000_000_000, description });

/** The confirmation queue's filters (GET /admin/balance/waitings and its bulk confirmation). */
const waitingFilters = {
  wallet: Type.Optional(id('Кошелёк (источник или получатель)')),
  type: Type.Optional(StringEnum(MOVEMENT_TYPES)),
  currency: Type.Optional(StringEnum(CURRENCIES, { description: 'Валюта операции' })),
  trip: Type.Optional(id('Тур (у оплаты поставщику — тур её брони)')),
  tourist: Type.Optional(
    id('Турист или плательщик: участник, за которого платёж, или владелец кошелька'),
  ),
  author: Type.Optional(id('Кто записал')),
  from: Type.Optional(Day('Создана с этого дня (включительно, по Бишкеку)')),
  to: Type.Optional(Day('Создана по этот день (включительно)')),
  amount_from: Type.Optional(AmountBound('Сумма от, в основных единицах валюты операции')),
  amount_to: Type.Optional(AmountBound('Сумма до, в основных единицах валюты операции')),
  overpayment: Type.Optional(Type.Boolean({ description: 'Только записанные как переплата' })),
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Слово в комментарии, имени туриста, названии тура или брони, поставщике, авторе, ' +
        'кошельке или его владельце; или номер операции',
    }),
  ),
};

export const WaitingsQuery = Type.Object(
  {
    ...paging,
    ...waitingFilters,
    sort: Type.Optional(
      StringEnum(WAITING_SORTS, {
        description:
          'oldest — старые сначала (по умолчанию), newest — новые сначала, amount_desc / ' +
          'amount_asc — по сумме внутри каждой валюты',
      }),
    ),
  },
  { additionalProperties: false },
);
export type WaitingsQuery = Static<typeof WaitingsQuery>;
export const WaitingFilters = Type.Object(waitingFilters, { additionalProperties: false });
export type WaitingFilters = Static<typeof WaitingFilters>;

/** POST /admin/balance/waitings/confirm: every operation the filters show, as the person saw it. */
export const WAITINGS_CONFIRM_MAX = 500;
export const WaitingsConfirmBody = Type.Object(
  {
    ...waitingFilters,
    expected: Type.Integer({
      minimum: 1,
      maximum: WAITINGS_CONFIRM_MAX,
      description:
        'Сколько операций человек видел под фильтром: если их теперь другое число — 409, ' +
        'ничего не подтверждено',
    }),
  },
  { additionalProperties: false },
);
export type WaitingsConfirmBody = Static<typeof WaitingsConfirmBody>;

const operationFilters = {
  wallet: Type.Optional(id('Кошелёк (источник или получатель)')),
  owner: Type.Optional(id('Владелец кошелька')),
  type: Type.Optional(StringEnum(MOVEMENT_TYPES)),
  status: Type.Optional(StringEnum(MOVEMENT_STATUSES)),
  from: Type.Optional(Day('Создана с этого дня (включительно)')),
  to: Type.Optional(Day('Создана по этот день (включительно)')),
  trip: Type.Optional(id('Тур (у оплаты поставщику — тур её брони)')),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  administrative: Type.Optional(
    Type.Boolean({ description: 'Только административные операции (с категорией)' }),
  ),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'В комментарии' })),
};

export const OperationsQuery = Type.Object(
  { ...paging, ...operationFilters },
  { additionalProperties: false },
);
export type OperationsQuery = Static<typeof OperationsQuery>;
export const OperationsExportQuery = Type.Object(operationFilters, { additionalProperties: false });
export type OperationFilters = Static<typeof OperationsExportQuery>;

export const CurrencyTotal = Type.Object(
  {
    currency: StringEnum(CURRENCIES),
    count: Type.Integer({ description: 'Отобрано операций в этой валюте, в любом статусе' }),
    confirmed_count: Type.Integer({ description: 'Из них подтверждено' }),
    income: Type.Number({ description: 'Подтверждённые пополнения, в основных единицах' }),
    outcome: Type.Number({ description: 'Подтверждённые снятия' }),
    transfer: Type.Number({ description: 'Подтверждённые переводы из кошельков этой валюты' }),
    pending_count: Type.Integer({ description: 'Ожидают подтверждения' }),
    pending_income: Type.Number({ description: 'Ожидающие пополнения (ни в одной сумме выше)' }),
    pending_outcome: Type.Number({ description: 'Ожидающие снятия' }),
    pending_transfer: Type.Number({ description: 'Ожидающие переводы' }),
    rejected_count: Type.Integer({ description: 'Отклонено: только счёт, ни в одной сумме' }),
  },
  {
    description:
      'Суммы считают подтверждённые операции; ожидающие — отдельно («ожидает»); отклонённые ' +
      'не входят ни в одну сумму (DESIGN.md 3b)',
  },
);
export type CurrencyTotal = Static<typeof CurrencyTotal>;

const Count = Type.Integer({ minimum: 0 });

/** The queue's choices, each with how many pending operations it holds given the other filters. */
export const WaitingCounts = Type.Object({
  type: Type.Object({ income: Count, outcome: Count, transfer: Count }),
  currency: Type.Object({ kgs: Count, usd: Count, eur: Count, jpy: Count }),
  author: Type.Array(
    Type.Object({
      id: Type.Union([Type.Integer(), Type.Null()]),
      name: Type.String(),
      count: Count,
    }),
    { description: 'Авторы операций под остальными фильтрами' },
  ),
  wallet: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      currency: StringEnum(CURRENCIES),
      count: Count,
    }),
    { description: 'Кошельки-источники операций под остальными фильтрами' },
  ),
  overpayment: Type.Integer({ description: 'Переплат под остальными фильтрами' }),
});
export type WaitingCounts = Static<typeof WaitingCounts>;

export const OperationsPage = Type.Composite([
  Paginated(TransactionJson),
  Type.Object({
    totals: Type.Array(CurrencyTotal, {
      description: 'Итоги отобранных операций по валютам (все страницы), посчитаны на сервере',
    }),
  }),
]);

export const LedgerSettingsJson = Type.Object({
  four_eyes: Type.Boolean({
    description: 'Создавший операцию не может её подтвердить (по умолчанию включено)',
  }),
  updated_by_name: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.Union([Type.String(), Type.Null()]),
});
export type LedgerSettingsJson = Static<typeof LedgerSettingsJson>;
export const LedgerSettingsBody = Type.Object(
  { four_eyes: Type.Boolean() },
  { additionalProperties: false },
);

export const CategoryJson = Type.Object({
  name: Type.String(),
  builtin: Type.Boolean(),
});
export const CategoryBody = Type.Object(
  { name: Type.String({ maxLength: 101 }) },
  { additionalProperties: false },
);

export const MonthQuery = Type.Object(
  {
    month: Type.String({
      pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
      description: 'Месяц YYYY-MM (по Бишкеку)',
    }),
  },
  { additionalProperties: false },
);

export const CategoryMonthTotal = Type.Object({
  category: Type.String(),
  currency: StringEnum(CURRENCIES),
  count: Type.Integer(),
  income: Type.Number({ description: 'Поступления, в основных единицах' }),
  outcome: Type.Number({ description: 'Расходы' }),
});
export type CategoryMonthTotal = Static<typeof CategoryMonthTotal>;

export const WaitingsPage = Type.Composite([
  Paginated(TransactionJson),
  Type.Object({
    totals: Type.Array(CurrencyTotal, {
      description: 'Итоги отобранных операций по валютам (все страницы): всё в pending_*',
    }),
    counts: WaitingCounts,
  }),
]);

/** A company wallet a trip payment may arrive in (no balance: add_payment alone reads these). */
export const PaymentWalletJson = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  currency: StringEnum(CURRENCIES),
  kind: Type.Union([StringEnum(['cash', 'bank'] as const), Type.Null()], {
    description: 'cash — касса, bank — банковский счёт',
  }),
});
