import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import { Paginated, StringEnum } from './common';

const id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, ...(description ? { description } : {}) });
const Nullable = <T extends TSchema>(type: T) => Type.Union([type, Type.Null()]);
const CurrencyJson = StringEnum(CURRENCIES);

/** Wallet JSON (DESIGN.md 2) with its owner's name; balance in major units. */
export const WalletJson = Type.Object({
  id: Type.Integer(),
  type: StringEnum(['user', 'site'] as const),
  user_id: Nullable(Type.Integer()),
  name: Type.String(),
  currency: CurrencyJson,
  balance: Type.Number({ description: 'В основных единицах валюты (1234.5)' }),
  kind: Nullable(
    StringEnum(['cash', 'bank'] as const, {
      description:
        'Кошелёк компании: cash — касса, bank — банковский счёт; у кошелька пользователя null',
    }),
  ),
  user_name: Nullable(Type.String({ description: 'ФИО владельца; null у кошелька компании' })),
});
export type WalletJson = Static<typeof WalletJson>;

/** What an operation is for, named: every list of operations and its export show these. */
const OperationLinks = {
  trip: Nullable(
    Type.Object(
      {
        id: Type.Integer(),
        title: Type.String(),
        starts_on: Type.String({ description: 'YYYY-MM-DD' }),
        ends_on: Type.String({ description: 'YYYY-MM-DD' }),
      },
      { description: 'Тур операции (у оплаты поставщику — тур её брони)' },
    ),
  ),
  participant: Nullable(
    Type.Object(
      { id: Type.Integer(), user_id: Type.Integer(), full_name: Type.String() },
      { description: 'Участник тура, за которого платёж или возврат' },
    ),
  ),
  booking: Nullable(
    Type.Object(
      {
        id: Type.Integer(),
        kind: Type.String({ description: 'Вид брони (BOOKING_KINDS)' }),
        title: Type.String(),
        supplier_id: Nullable(Type.Integer()),
        supplier_name: Nullable(Type.String()),
      },
      { description: 'Бронь оплаты поставщику и её поставщик' },
    ),
  ),
};

/** Transaction JSON (DESIGN.md 2) plus the names a list shows. */
export const TransactionJson = Type.Object({
  id: Type.Integer(),
  wallet_id: Type.Integer(),
  type: StringEnum(['income', 'outcome', 'transfer'] as const),
  amount: Type.Number({ description: 'В основных единицах валюты кошелька' }),
  currency: CurrencyJson,
  status: StringEnum(['pending', 'confirmed', 'rejected'] as const),
  target_wallet_id: Nullable(Type.Integer()),
  target_amount: Nullable(Type.Number({ description: 'В основных единицах валюты получателя' })),
  target_currency: Nullable(CurrencyJson),
  rate: Nullable(Type.Number()),
  trip_id: Nullable(Type.Integer()),
  participant_id: Nullable(Type.Integer()),
  booking_id: Nullable(Type.Integer()),
  category: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  created_by: Nullable(Type.Integer()),
  confirmed_by: Nullable(Type.Integer()),
  created_at: Type.String({ description: 'ISO 8601' }),
  confirmed_at: Nullable(
    Type.String({ description: 'ISO 8601: когда подтверждена или отклонена (кем — confirmed_by)' }),
  ),
  reverses_id: Nullable(Type.Integer({ description: 'Операция, которую эта сторнирует' })),
  reversed_by_id: Nullable(
    Type.Integer({ description: 'Сторнирующая операция (не отклонённая), если есть' }),
  ),
  rejection_reason: Nullable(Type.String({ description: 'Причина отклонения' })),
  rate_date: Nullable(Type.String({ description: 'День курсов перевода, YYYY-MM-DD' })),
  wallet_name: Type.String(),
  target_wallet_name: Nullable(Type.String()),
  wallet_owner_name: Nullable(
    Type.String({ description: 'ФИО владельца кошелька пользователя; null — кошелёк компании' }),
  ),
  target_wallet_owner_name: Nullable(
    Type.String({ description: 'ФИО владельца кошелька-получателя; null — кошелёк компании' }),
  ),
  created_by_name: Nullable(Type.String()),
  confirmed_by_name: Nullable(Type.String()),
  overpayment: Type.Boolean({
    description: 'Записана как переплата: автор подтвердил, что оплачено больше суммы к оплате',
  }),
  ...OperationLinks,
});
export type TransactionJson = Static<typeof TransactionJson>;

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

const paging = {
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'С 1' }),
  ),
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      default: DEFAULT_PER_PAGE,
      description: `По умолчанию ${DEFAULT_PER_PAGE}, не больше ${MAX_PER_PAGE}`,
    }),
  ),
};

export const WalletPageQuery = Type.Object(
  {
    ...paging,
    user: Type.Optional(id('Id владельца')),
    wallet: Type.Optional(id('Id кошелька')),
  },
  { additionalProperties: false },
);
export type WalletPageQuery = Static<typeof WalletPageQuery>;

export const PageQuery = Type.Object(paging, { additionalProperties: false });
export type PageQuery = Static<typeof PageQuery>;

export const WalletIdParam = Type.Object({ walletId: id() });

/** One wallet as its own read answers it: whether it has any operation (its currency is fixed). */
export const WalletDetailJson = Type.Composite([
  WalletJson,
  Type.Object({
    has_operations: Type.Boolean({
      description:
        'Есть ли у кошелька операции (свои или входящие переводы, в любом статусе): тогда его ' +
        'валюту менять нельзя',
    }),
  }),
]);
export type WalletDetailJson = Static<typeof WalletDetailJson>;

export const WALLET_NAME_MAX_LENGTH = 100;

// Longer than the limit, so that surrounding spaces are trimmed before the service counts.
const WalletName = Type.String({
  maxLength: 1000,
  description: `Название, 1–${WALLET_NAME_MAX_LENGTH} символов (пробелы по краям отбрасываются)`,
});
const OwnerId = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  minimum: 1,
  maximum: 2 ** 53 - 1,
  description: 'Владелец (пользователь); только у кошелька пользователя',
});

/** POST /admin/wallets: a user's wallet or (allow_site_wallets) a company one; balance 0. */
export const CreateWalletBody = Type.Object(
  {
    type: StringEnum(['user', 'site'] as const, {
      description: 'user — кошелёк пользователя, site — кошелёк компании (allow_site_wallets)',
    }),
    user_id: Type.Optional(OwnerId),
    name: WalletName,
    currency: CurrencyJson,
    kind: Type.Optional(
      StringEnum(['cash', 'bank'] as const, {
        description:
          'Кошелёк компании: cash — касса, bank — банковский счёт (по умолчанию касса); у ' +
          'кошелька пользователя не указывается',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateWalletBody = Static<typeof CreateWalletBody>;

/** PUT /admin/wallet/:id: name, currency (while it has no operation) and the owner. */
export const UpdateWalletBody = Type.Object(
  {
    type: Type.Optional(
      StringEnum(['user', 'site'] as const, { description: 'Если указан — тот же, что был' }),
    ),
    user_id: Type.Optional(OwnerId),
    name: WalletName,
    currency: CurrencyJson,
    kind: Type.Optional(
      StringEnum(['cash', 'bank'] as const, {
        description:
          'Кошелёк компании: cash — касса, bank — банковский счёт (не указан — остаётся); у ' +
          'кошелька пользователя не указывается',
      }),
    ),
  },
  { additionalProperties: false },
);
export type UpdateWalletBody = Static<typeof UpdateWalletBody>;

const Day = (description: string) =>
  Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const STATEMENT_PER_PAGE = 100;
export const STATEMENT_MAX_PER_PAGE = 1000;

const period = {
  from: Day('Первый день периода (YYYY-MM-DD, день по Бишкеку), включительно'),
  to: Day('Последний день периода, включительно; не раньше from'),
};

export const StatementQuery = Type.Object(
  {
    ...period,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: STATEMENT_MAX_PER_PAGE,
        default: STATEMENT_PER_PAGE,
        description: `Движений на странице: по умолчанию ${STATEMENT_PER_PAGE}, не больше ${STATEMENT_MAX_PER_PAGE}`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type StatementQuery = Static<typeof StatementQuery>;

export const StatementExportQuery = Type.Object(period, { additionalProperties: false });
export type StatementExportQuery = Static<typeof StatementExportQuery>;

/** One confirmed movement of a statement, with its effect on this wallet and the balance after. */
export const StatementLineJson = Type.Object({
  id: Type.Integer({ description: 'Операция' }),
  confirmed_at: Type.String({ description: 'ISO 8601: когда подтверждена' }),
  type: StringEnum(['income', 'outcome', 'transfer'] as const),
  direction: StringEnum(['in', 'out'] as const, {
    description: 'in — деньги пришли в кошелёк, out — ушли',
  }),
  effect: Type.Number({
    description:
      'Изменение баланса, в основных единицах валюты кошелька: пополнение +amount, снятие ' +
      '−amount, перевод отсюда −amount, перевод сюда +target_amount',
  }),
  balance: Type.Number({ description: 'Баланс после этой операции' }),
  counterpart_wallet_id: Nullable(Type.Integer({ description: 'Другой кошелёк перевода' })),
  counterpart_wallet_name: Nullable(Type.String()),
  category: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  ...OperationLinks,
});
export type StatementLineJson = Static<typeof StatementLineJson>;

export const StatementJson = Type.Object({
  wallet_id: Type.Integer(),
  currency: CurrencyJson,
  from: Type.String({ description: 'YYYY-MM-DD' }),
  to: Type.String({ description: 'YYYY-MM-DD' }),
  opening_balance: Type.Number({
    description: 'Сумма подтверждённых операций, подтверждённых до начала периода',
  }),
  total_in: Type.Number({ description: 'Поступления за период' }),
  total_out: Type.Number({ description: 'Списания за период (положительное число)' }),
  closing_balance: Type.Number({ description: 'Входящий остаток + поступления − списания' }),
  movements: Paginated(StatementLineJson),
});
export type StatementJson = Static<typeof StatementJson>;
