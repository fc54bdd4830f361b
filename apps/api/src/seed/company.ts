import type { Db } from '../db/database';
import { checkedRequisites, writeRequisites } from '../routes/company/service';

/**
 * The demo company's requisites (DESIGN.md 9), checked and saved by the API's own service as an
 * administrator's save would be, so that the demo's documents and exports print a believable
 * company. The bank account and the codes are made up, in the shapes Kyrgyz ones have.
 */
export const DEMO_REQUISITES = {
  legal_form: 'osoo',
  name: 'Турбюро',
  inn: '02411201910125',
  okpo: '30125478',
  licence: 'Свидетельство о членстве в Ассоциации туроператоров КР № 117 от 14.03.2019',
  city: 'г. Бишкек',
  address: 'Кыргызская Республика, 720040, г. Бишкек, ул. Киевская, 95, офис 304',
  phone: '+996 312 62-45-00',
  email: 'office@example.com',
  bank_name: 'ОАО «Оптима Банк», г. Бишкек',
  bank_account: '1091820182530114',
  bank_bic: '109018',
  director_position: 'Директор',
  director_name: 'Асанова Гулнара Маратовна',
  director_name_genitive: 'директора Асановой Гулнары Маратовны',
} as const;

export async function seedCompanyRequisites(trx: Db, adminId: number): Promise<void> {
  await writeRequisites(trx, adminId, checkedRequisites(DEMO_REQUISITES));
}
