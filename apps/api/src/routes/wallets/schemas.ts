import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CURRENCIES } from '@tour/shared';
import { StringEnum } from '../../lib/schemas';

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
  user_name: Nullable(Type.String({ description: 'ФИО владельца; null у кошелька компании' })),
});
export type WalletJson = Static<typeof WalletJson>;

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
  created_by_name: Nullable(Type.String()),
  confirmed_by_name: Nullable(Type.String()),
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
