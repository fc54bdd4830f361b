import { crc32, deflateSync } from 'node:zlib';

/** The requisites the document and company tests save, written by hand. */
export const REQUISITES = {
  legal_form: 'osoo',
  name: 'Турбюро',
  inn: '02411201910125',
  okpo: '30125478',
  licence: 'Свидетельство Ассоциации туроператоров КР № 117 от 14.03.2019',
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

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `width` × `height` grey pixels. */
export function pngOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y += 1) rows[y * (width + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The smallest GIF (1 × 1): an image, but not one the logo may be. */
export const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');
