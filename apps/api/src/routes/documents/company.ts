/**
 * The company as the documents name it: the inviting and organising party of embassy documents
 * and the tour operator of agreements. The one place to put the real registration and bank
 * details before the documents are handed to an embassy or signed.
 */
export interface CompanyDetails {
  /** Short name, as it appears in running text. */
  name: string;
  /** Full legal name, as it appears in an agreement's preamble. */
  legalName: string;
  city: string;
  address: string;
  phone: string;
  email: string;
  /** Taxpayer number (ИНН). */
  inn: string;
  /** National classifier code (ОКПО). */
  okpo: string;
  bank: { name: string; account: string; bic: string };
  director: { position: string; name: string; shortName: string };
  /** Who signs for the company, in the genitive, as an agreement's preamble puts it. */
  representedBy: string;
}

export const COMPANY: CompanyDetails = {
  name: 'ОсОО «Турбюро»',
  legalName: 'Общество с ограниченной ответственностью «Турбюро»',
  city: 'г. Бишкек',
  address: 'Кыргызская Республика, 720040, г. Бишкек, ул. Киевская, 1, офис 1',
  phone: '+996 (312) 00-00-00',
  email: 'info@example.kg',
  inn: '00000000000000',
  okpo: '00000000',
  bank: {
    name: 'ОАО «Банк» (г. Бишкек)',
    account: '0000000000000000',
    bic: '000000',
  },
  director: { position: 'Директор', name: 'Иванов Иван Иванович', shortName: 'И. И. Иванов' },
  representedBy: 'директора Иванова Ивана Ивановича, действующего на основании Устава',
};
