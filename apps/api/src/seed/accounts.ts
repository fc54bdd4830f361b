import type { Role } from '@tour/core';
import type { AgentKey, StaffKey } from './types';

/** The staff member without an email, who signs in by phone (DESIGN.md 5). */
export const DEMO_PHONE_LOGIN = '+996700000001';

/** A demo account that signs in (DESIGN.md 5). */
export interface DemoAccount {
  key: StaffKey | AgentKey | 'client';
  email: string | null;
  phone: string | null;
  role: Role;
  full_name: string;
  /** An agent's agency, in the user's notes. */
  notes?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'developer',
    email: 'developer@example.com',
    phone: null,
    role: 'developer',
    full_name: 'Кузнецов Дмитрий Андреевич',
  },
  {
    key: 'admin',
    email: 'admin@example.com',
    phone: '+996555100200',
    role: 'admin',
    full_name: 'Осмонова Айгуль Бакытовна',
  },
  {
    key: 'sales',
    email: 'sales@example.com',
    phone: '+996555100300',
    role: 'sales_manager',
    full_name: 'Смирнова Екатерина Сергеевна',
  },
  {
    key: 'reservations',
    email: 'reservations@example.com',
    phone: '+996555100400',
    role: 'reservation_agent',
    full_name: 'Асанов Нурлан Маратович',
  },
  {
    key: 'accountant',
    email: 'accountant@example.com',
    phone: '+996555100500',
    role: 'accountant',
    full_name: 'Петрова Наталья Викторовна',
  },
  {
    key: 'phone',
    email: null,
    phone: DEMO_PHONE_LOGIN,
    role: 'sales_manager',
    full_name: 'Морозов Алексей Владимирович',
  },
  {
    key: 'agent',
    email: 'agent@example.com',
    phone: '+996772100600',
    role: 'counterparty',
    full_name: 'Жумабеков Азамат Канатович',
    notes: 'Турагентство «Ала-Тоо Трэвел», Бишкек',
  },
  {
    key: 'agent2',
    email: 'agent2@example.com',
    phone: '+996772100601',
    role: 'counterparty',
    full_name: 'Сыдыкова Айгерим Бакытовна',
    notes: 'Турагентство «Жибек Жолу Тур», Ош',
  },
  {
    key: 'client',
    email: 'client@example.com',
    phone: '+996700100700',
    role: 'client',
    full_name: 'Волкова Анна Игоревна',
  },
];
