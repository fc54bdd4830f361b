// The contract is types only; these examples are DESIGN.md 2's JSON, checked by the compiler.
import './types';
import type {
  ApiEnvelope,
  LoginResponse,
  Paginated,
  PermissionDataResponse,
  RoleLabelsResponse,
  Transaction,
  User,
  ValidationErrorBody,
  Wallet,
} from './types';

const user = {
  id: 1,
  full_name: 'Асель Бекова',
  email: null,
  phone: '+996700000001',
  roles: ['sales_manager'],
  birth_date: '1990-04-12',
  citizenship: 'KG',
  passport_number: 'AC1234567',
  passport_issued_at: '2020-01-10',
  passport_expires_at: '2030-01-10',
  notes: null,
  manager_id: null,
  counterparty_id: null,
} satisfies User;

const wallet = {
  id: 2,
  type: 'user',
  user_id: 1,
  name: 'Наличные USD',
  currency: 'usd',
  balance: 1234.5,
  kind: null,
  user_name: null,
} satisfies Wallet;

const transaction = {
  id: 3,
  wallet_id: 2,
  type: 'transfer',
  amount: 100,
  currency: 'usd',
  status: 'pending',
  target_wallet_id: 4,
  target_amount: 8745,
  target_currency: 'kgs',
  rate: 87.45,
  trip_id: null,
  booking_id: null,
  category: null,
  comment: 'Обмен',
  created_by: 1,
  confirmed_by: null,
  created_at: '2026-11-21T10:00:00Z',
  confirmed_at: null,
  wallet_name: 'Наличные USD',
  target_wallet_name: 'Касса KGS',
  created_by_name: 'Асель Бекова',
  confirmed_by_name: null,
  participant_id: null,
  reverses_id: null,
  reversed_by_id: null,
  rejection_reason: null,
  rate_date: null,
  wallet_owner_name: null,
  target_wallet_owner_name: null,
  trip: null,
  participant: null,
  booking: null,
  overpayment: false,
} satisfies Transaction;

const page = {
  data: [transaction],
  current_page: 1,
  last_page: 7,
  per_page: 20,
  total: 131,
  from: 1,
  to: 20,
} satisfies Paginated<Transaction>;

const envelope = { code: 1, data: page } satisfies ApiEnvelope<Paginated<Transaction>>;
const invalid = {
  code: 0,
  message: 'Ошибка проверки',
  errors: { email: ['Такой email уже есть'] },
} satisfies ValidationErrorBody;
const signedOut: PermissionDataResponse = 0;
const roles = { admin: 'Администратор' } satisfies RoleLabelsResponse;
const login = { user } satisfies LoginResponse;

// @ts-expect-error a wallet is a user's or a site's
const badWallet: Wallet = { ...wallet, type: 'bank' };

describe('contract types', () => {
  it('describe the JSON of DESIGN.md 2', () => {
    expect([envelope.data.data[0]?.type, invalid.code, signedOut, roles.admin]).toEqual([
      'transfer',
      0,
      0,
      'Администратор',
    ]);
    expect(login.user.email).toBeNull();
    expect(badWallet.type).toBe('bank');
  });
});
