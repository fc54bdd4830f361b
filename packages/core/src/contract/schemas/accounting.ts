import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '../../money/currency';
import { maxAmountText, StringEnum } from './common';
import { TransactionJson, WalletJson } from './wallets';

export const UserIdParam = Type.Object({
  userId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
});

export const COMMENT_MAX_LENGTH = 1000;

/** POST /admin/user/:userId/payments. The amount's checks need the wallet's currency: in code. */
export const PaymentBody = Type.Object(
  {
    wallet_id: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2 ** 53 - 1,
        description:
          'Куда поступили деньги. Платёж участника тура — касса или счёт компании (по ' +
          'умолчанию — касса валюты currency); платёж в депозит — кошелёк пользователя. Или ' +
          'currency',
      }),
    ),
    currency: Type.Optional(
      StringEnum(CURRENCIES, {
        description:
          'Платёж участника тура — в кассу компании этой валюты (нет кассы — в её старейший ' +
          'кошелёк компании); депозит — в кошелёк пользователя в этой валюте (нет — откроется). ' +
          'Или wallet_id',
      }),
    ),
    amount: Type.Unsafe<number | string>({
      type: ['number', 'string'],
      description:
        'В основных единицах: 1500.50 или "1500.50"; больше нуля, знаков после точки не больше, ' +
        'чем у валюты (KGS и JPY — целые, USD и EUR — 2); не больше предела валюты: ' +
        `${maxAmountText()}. Больше — 422 с пределом в сообщении.`,
    }),
    overpayment: Type.Optional(
      Type.Boolean({
        description:
          'Платёж за тур, после которого оплачено и ожидает больше суммы к оплате участника, — ' +
          'переплата: без true ответ 422 с причиной под overpayment (DESIGN.md 3b); с true ' +
          'записывается с отметкой overpayment',
      }),
    ),
    // One type with null, not a union: a too long text answers one message, not two branches'.
    comment: Type.Optional(
      Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: COMMENT_MAX_LENGTH }),
    ),
  },
  { additionalProperties: false },
);
export type PaymentBody = Static<typeof PaymentBody>;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const IdempotencyHeaders = Type.Object({
  [IDEMPOTENCY_HEADER]: Type.Optional(
    Type.String({
      description:
        'Обязателен: 1–200 печатных символов ASCII, свой для каждой новой операции. Повтор с ' +
        'тем же ключом и тем же телом отвечает первой операцией, с другим телом — 422.',
    }),
  ),
});

export const UserWalletsJson = Type.Object({
  wallets: Type.Array(WalletJson),
  transactions: Type.Array(TransactionJson, {
    description: 'Последние 20 операций по кошелькам пользователя, новые сначала, все статусы',
  }),
});
