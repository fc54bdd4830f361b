import type { BookingKind, Currency } from '@tour/core';
import type { Db } from '../db/database';
import { saveSupplier } from '../routes/suppliers/service';
import type { ScopeViewer } from '../domain/reach';

// The supplier directory of the demo (DESIGN.md 5): the hotels, airlines, insurers, transfer
// companies, guides and venues the demo tours use, in Japan, Korea, Georgia, Uzbekistan, Turkey and
// Kyrgyzstan. Phones and addresses are made up (the mail domains are example.*).

export interface SupplierIdea {
  /** How the programmes refer to it. */
  key: string;
  name: string;
  kinds: BookingKind[];
  contact: string;
  phone: string;
  email: string;
  currency: Currency;
  notes?: string;
}

export const SUPPLIERS = [
  // Airlines: tickets are bought in dollars (Pegasus, inside Turkey, in euros).
  {
    key: 'asiana',
    name: 'Asiana Airlines',
    kinds: ['air_ticket'],
    contact: 'Динара Исмаилова, представительство в Бишкеке',
    phone: '+996 312 98 21 40',
    email: 'frugroup@asiana.example.com',
    currency: 'usd',
    notes: 'Групповые тарифы от 10 человек; выписка билетов за 30 дней до вылета.',
  },
  {
    key: 'turkish',
    name: 'Turkish Airlines',
    kinds: ['air_ticket'],
    contact: 'Эмре Кая, групповой отдел',
    phone: '+996 312 90 37 15',
    email: 'fru.groups@turkishairlines.example.com',
    currency: 'usd',
  },
  {
    key: 'uzairways',
    name: 'Uzbekistan Airways',
    kinds: ['air_ticket'],
    contact: 'Нодира Каримова',
    phone: '+998 71 140 46 22',
    email: 'groups@uzairways.example.com',
    currency: 'usd',
  },
  {
    key: 'airastana',
    name: 'Air Astana',
    kinds: ['air_ticket'],
    contact: 'Асель Нурланова, корпоративные продажи',
    phone: '+7 727 244 44 77',
    email: 'sales.fru@airastana.example.com',
    currency: 'usd',
  },
  {
    key: 'pegasus',
    name: 'Pegasus Airlines',
    kinds: ['air_ticket'],
    contact: 'Мерве Шахин',
    phone: '+90 216 560 71 00',
    email: 'groups@flypgs.example.com',
    currency: 'eur',
    notes: 'Внутренние рейсы по Турции.',
  },
  // Insurers.
  {
    key: 'kyrgyzinstrakh',
    name: 'Кыргызинстрах',
    kinds: ['health_insurance'],
    contact: 'Айгуль Садыкова, отдел медицинского страхования',
    phone: '+996 312 66 24 18',
    email: 'travel@kyrgyzinstrakh.example.kg',
    currency: 'kgs',
    notes: 'Договор с агентством № 14/26; полисы выписывают в день обращения.',
  },
  {
    key: 'jubilee',
    name: 'Jubilee Kyrgyzstan',
    kinds: ['health_insurance'],
    contact: 'Максат Осмонов',
    phone: '+996 312 59 81 02',
    email: 'medtravel@jubilee.example.kg',
    currency: 'usd',
  },
  // Japan.
  {
    key: 'gracery',
    name: 'Hotel Gracery Shinjuku',
    kinds: ['hotel'],
    contact: 'Юко Накамура, групповые бронирования',
    phone: '+81 3 6833 1111',
    email: 'groups@gracery-shinjuku.example.jp',
    currency: 'jpy',
  },
  {
    key: 'kyoto-tower',
    name: 'Kyoto Tower Hotel',
    kinds: ['hotel'],
    contact: 'Хироси Ямада',
    phone: '+81 75 361 3212',
    email: 'sales@kyoto-tower-hotel.example.jp',
    currency: 'jpy',
    notes: 'В сезон сакуры (конец марта — начало апреля) тариф выше на 15%.',
  },
  {
    key: 'cross-osaka',
    name: 'Cross Hotel Osaka',
    kinds: ['hotel'],
    contact: 'Аяка Мори',
    phone: '+81 6 6213 8281',
    email: 'reservation@crosshotel-osaka.example.jp',
    currency: 'jpy',
  },
  {
    key: 'jr-inn-sapporo',
    name: 'JR Inn Sapporo',
    kinds: ['hotel'],
    contact: 'Такуми Сайто',
    phone: '+81 11 233 3008',
    email: 'groups@jrinn-sapporo.example.jp',
    currency: 'jpy',
  },
  {
    key: 'mk-taxi',
    name: 'MK Taxi Japan',
    kinds: ['transfer'],
    contact: 'Диспетчерская для групп (англ.)',
    phone: '+81 75 778 4141',
    email: 'group@mktaxi-japan.example.jp',
    currency: 'jpy',
  },
  {
    key: 'jtb',
    name: 'JTB Global Marketing & Travel',
    kinds: ['guide', 'activity', 'tour_expense'],
    contact: 'Кэнта Ито, русскоязычный отдел',
    phone: '+81 3 5796 5454',
    email: 'russian.desk@jtb-gmt.example.jp',
    currency: 'jpy',
    notes:
      'Принимающая сторона в Японии: гиды, входные билеты, билеты JR. Предоплата 100% за 10 дней.',
  },
  {
    key: 'teamlab',
    name: 'teamLab Planets TOKYO',
    kinds: ['activity'],
    contact: 'Group Reservations',
    phone: '+81 3 6368 4292',
    email: 'group@planets.teamlab.example.jp',
    currency: 'jpy',
  },
  {
    key: 'guide-tanaka',
    name: 'Гид Танака Юки (Токио)',
    kinds: ['guide'],
    contact: 'Танака Юки',
    phone: '+81 90 4421 7730',
    email: 'yuki.tanaka.guide@example.jp',
    currency: 'jpy',
    notes: 'Лицензированный русскоязычный гид; оплата наличными в день экскурсии или переводом.',
  },
  // Korea.
  {
    key: 'lotte-seoul',
    name: 'Lotte Hotel Seoul',
    kinds: ['hotel'],
    contact: 'Ким Со Ён, групповой отдел',
    phone: '+82 2 771 1000',
    email: 'groups@lottehotel-seoul.example.kr',
    currency: 'usd',
  },
  {
    key: 'paradise-busan',
    name: 'Paradise Hotel Busan',
    kinds: ['hotel'],
    contact: 'Чхве Мин Джун',
    phone: '+82 51 742 2121',
    email: 'sales@paradisehotel-busan.example.kr',
    currency: 'usd',
  },
  {
    key: 'shilla-jeju',
    name: 'Shilla Stay Jeju',
    kinds: ['hotel'],
    contact: 'Пак Джи Ын',
    phone: '+82 64 717 9000',
    email: 'jeju@shillastay.example.kr',
    currency: 'usd',
  },
  {
    key: 'korea-tour',
    name: 'Корея Тур Сервис',
    kinds: ['transfer', 'guide', 'activity', 'tour_expense'],
    contact: 'Ли Ен Хо (говорит по-русски)',
    phone: '+82 2 318 5566',
    email: 'incoming@koreatourservice.example.kr',
    currency: 'usd',
    notes: 'Принимающая сторона в Корее: трансферы, гиды, билеты KTX и в музеи.',
  },
  {
    key: 'guide-park',
    name: 'Гид Пак Ми Рён (Сеул, Чеджу)',
    kinds: ['guide'],
    contact: 'Пак Ми Рён',
    phone: '+82 10 5523 8814',
    email: 'mirion.park@example.kr',
    currency: 'usd',
  },
  // Georgia.
  {
    key: 'rooms-tbilisi',
    name: 'Rooms Hotel Tbilisi',
    kinds: ['hotel'],
    contact: 'Тамар Гелашвили',
    phone: '+995 32 202 00 99',
    email: 'reservations.tbilisi@roomshotels.example.ge',
    currency: 'eur',
  },
  {
    key: 'rooms-kazbegi',
    name: 'Rooms Hotel Kazbegi',
    kinds: ['hotel'],
    contact: 'Георгий Чхеидзе',
    phone: '+995 32 271 00 99',
    email: 'reservations.kazbegi@roomshotels.example.ge',
    currency: 'eur',
  },
  {
    key: 'georgian-holidays',
    name: 'Georgian Holidays',
    kinds: ['transfer', 'guide', 'activity'],
    contact: 'Нино Беридзе',
    phone: '+995 599 41 27 73',
    email: 'booking@georgianholidays.example.ge',
    currency: 'eur',
    notes: 'Трансферы, переезды по Военно-Грузинской дороге, русскоязычные гиды.',
  },
  {
    key: 'khareba',
    name: 'Винодельня «Хареба»',
    kinds: ['activity'],
    contact: 'Отдел экскурсий',
    phone: '+995 32 249 73 73',
    email: 'tours@khareba.example.ge',
    currency: 'eur',
  },
  // Uzbekistan.
  {
    key: 'hotel-uzbekistan',
    name: 'Hotel Uzbekistan',
    kinds: ['hotel'],
    contact: 'Дильшод Юсупов',
    phone: '+998 71 113 11 11',
    email: 'sales@hoteluzbekistan.example.uz',
    currency: 'usd',
  },
  {
    key: 'registan-plaza',
    name: 'Registan Plaza',
    kinds: ['hotel'],
    contact: 'Гульнора Ахмедова',
    phone: '+998 66 233 35 35',
    email: 'booking@registanplaza.example.uz',
    currency: 'usd',
  },
  {
    key: 'asia-bukhara',
    name: 'Hotel Asia Bukhara',
    kinds: ['hotel'],
    contact: 'Фарход Рашидов',
    phone: '+998 65 224 64 31',
    email: 'bukhara@asiahotels.example.uz',
    currency: 'usd',
  },
  {
    key: 'uz-railways',
    name: 'Узбекистон темир йуллари (АО «Узжелдорпасс»)',
    kinds: ['tour_expense'],
    contact: 'Групповые кассы, Ташкент',
    phone: '+998 71 238 81 91',
    email: 'groups@railway.example.uz',
    currency: 'usd',
  },
  {
    key: 'silk-road',
    name: 'Silk Road Destinations',
    kinds: ['transfer', 'guide', 'activity'],
    contact: 'Шерзод Рахимов',
    phone: '+998 90 185 47 20',
    email: 'incoming@silkroad-destinations.example.uz',
    currency: 'usd',
  },
  // Turkey.
  {
    key: 'sura',
    name: 'Sura Hagia Sophia Hotel',
    kinds: ['hotel'],
    contact: 'Элиф Демир',
    phone: '+90 212 444 78 72',
    email: 'groups@surahotels.example.com.tr',
    currency: 'eur',
  },
  {
    key: 'kayakapi',
    name: 'Kayakapi Premium Caves',
    kinds: ['hotel'],
    contact: 'Мехмет Озтюрк',
    phone: '+90 384 341 88 77',
    email: 'reservation@kayakapi.example.com.tr',
    currency: 'eur',
  },
  {
    key: 'butterfly',
    name: 'Butterfly Balloons',
    kinds: ['activity'],
    contact: 'Хакан Йылдыз',
    phone: '+90 384 271 30 10',
    email: 'info@butterflyballoons.example.com.tr',
    currency: 'eur',
    notes: 'Полёт переносится или отменяется без штрафа при сильном ветре.',
  },
  {
    key: 'turkiye-transfer',
    name: 'Türkiye Transfer Service',
    kinds: ['transfer'],
    contact: 'Диспетчер (русский язык)',
    phone: '+90 532 614 22 90',
    email: 'ops@turkiyetransfer.example.com.tr',
    currency: 'eur',
  },
  {
    key: 'guide-ayse',
    name: 'Гид Айше Йылмаз (Стамбул, Каппадокия)',
    kinds: ['guide'],
    contact: 'Айше Йылмаз',
    phone: '+90 533 287 45 61',
    email: 'ayse.yilmaz.guide@example.com.tr',
    currency: 'eur',
  },
  // Kyrgyzstan.
  {
    key: 'raduga',
    name: 'Пансионат «Радуга», Чолпон-Ата',
    kinds: ['hotel', 'tour_expense'],
    contact: 'Бакыт Эсенгулов, администратор',
    phone: '+996 3943 4 25 90',
    email: 'raduga.issykkul@example.kg',
    currency: 'kgs',
  },
  {
    key: 'altynai',
    name: 'Гостевой дом «Алтынай», Кочкор',
    kinds: ['hotel'],
    contact: 'Алтынай Мамбетова',
    phone: '+996 555 31 47 08',
    email: 'altynai.kochkor@example.kg',
    currency: 'kgs',
  },
  {
    key: 'song-kol',
    name: 'Юрточный лагерь «Сон-Куль Жайлоо»',
    kinds: ['hotel'],
    contact: 'Нурбек Асанов',
    phone: '+996 700 84 12 56',
    email: 'songkol.jailoo@example.kg',
    currency: 'kgs',
    notes: 'Работает с июня по сентябрь; в межсезонье — юрты с печным отоплением.',
  },
  {
    key: 'ala-too-trans',
    name: 'Транспортная компания «Ала-Тоо Транс»',
    kinds: ['transfer'],
    contact: 'Эрлан Токтосунов, диспетчер',
    phone: '+996 312 88 04 40',
    email: 'order@alatootrans.example.kg',
    currency: 'kgs',
  },
  {
    key: 'cbt-kochkor',
    name: 'CBT Кочкор',
    kinds: ['guide', 'activity', 'tour_expense'],
    contact: 'Азамат Жумабеков',
    phone: '+996 3535 2 11 14',
    email: 'kochkor@cbtkyrgyzstan.example.kg',
    currency: 'kgs',
    notes: 'Конные переходы к Сон-Кулю, гиды, мастер-классы по войлоку.',
  },
  {
    key: 'kapitan',
    name: 'Яхт-клуб «Капитан», Чолпон-Ата',
    kinds: ['activity'],
    contact: 'Руслан Абдыкеримов',
    phone: '+996 772 40 19 33',
    email: 'kapitan.yacht@example.kg',
    currency: 'kgs',
  },
  // Kyrgyzstan's hotels the price lists name (issue 33): in Bishkek, in dollars, and in Karakol.
  {
    key: 'ala-too-hotel',
    name: 'Отель «Ала-Тоо», Бишкек',
    kinds: ['hotel'],
    contact: 'Чолпон Абдыкадырова, отдел продаж',
    phone: '+996 312 62 60 05',
    email: 'sales@alatoo-hotel.example.kg',
    currency: 'usd',
    notes: 'Групповой тариф от 5 номеров; высокий сезон с мая по октябрь.',
  },
  {
    key: 'karakol-house',
    name: 'Гостевой дом «Каракол Хаус»',
    kinds: ['hotel'],
    contact: 'Гүлнара Токтогулова',
    phone: '+996 3922 5 14 70',
    email: 'karakolhouse@example.kg',
    currency: 'kgs',
  },
] as const satisfies readonly SupplierIdea[];

export type SupplierKey = (typeof SUPPLIERS)[number]['key'];

/**
 * Where the hotels are (their city fills a booking's, the address goes on the voucher) and the
 * city of the agencies and companies on the spot.
 */
const PLACES: Partial<Record<SupplierKey, { city: string; address?: string }>> = {
  gracery: { city: 'Токио', address: 'Токио, Синдзюку, Кабукитё 1-19-1' },
  'kyoto-tower': {
    city: 'Киото',
    address: 'Киото, Симогё, Хигасисиокодзи 721-1 (напротив вокзала Киото)',
  },
  'cross-osaka': { city: 'Осака', address: 'Осака, Тюо, Синсайбаси-судзи 2-5-15' },
  'jr-inn-sapporo': { city: 'Саппоро', address: 'Саппоро, Тюо, Кита 2 Ниси 1-1' },
  'mk-taxi': { city: 'Киото' },
  jtb: { city: 'Токио' },
  teamlab: { city: 'Токио' },
  'guide-tanaka': { city: 'Токио' },
  'lotte-seoul': { city: 'Сеул', address: 'Сеул, Чун-гу, Ыльджи-ро 30' },
  'paradise-busan': { city: 'Пусан', address: 'Пусан, Хэундэ-гу, Хэундэхэбён-ро 296' },
  'shilla-jeju': { city: 'Чеджу', address: 'Чеджу, Ёнмун-ро 268' },
  'korea-tour': { city: 'Сеул' },
  'rooms-tbilisi': { city: 'Тбилиси', address: 'Тбилиси, ул. Мераба Костава, 14' },
  'rooms-kazbegi': { city: 'Степанцминда', address: 'Степанцминда, ул. Александра Казбеги, 1' },
  'georgian-holidays': { city: 'Тбилиси' },
  'hotel-uzbekistan': { city: 'Ташкент', address: 'Ташкент, ул. Мухтара Ауэзова, 45' },
  'registan-plaza': { city: 'Самарканд', address: 'Самарканд, ул. Шохрух Мирзо, 53' },
  'asia-bukhara': { city: 'Бухара', address: 'Бухара, ул. Мехтар Амбар, 55' },
  'silk-road': { city: 'Ташкент' },
  sura: { city: 'Стамбул', address: 'Стамбул, Султанахмет, ул. Ишак Паша, 33' },
  kayakapi: { city: 'Ургюп', address: 'Ургюп, квартал Кайакапы, ул. Курачай, 43' },
  butterfly: { city: 'Гёреме' },
  'turkiye-transfer': { city: 'Стамбул' },
  raduga: { city: 'Чолпон-Ата', address: 'Чолпон-Ата, ул. Советская, 88' },
  altynai: { city: 'Кочкор', address: 'Кочкор, ул. Орозбакова, 101' },
  'song-kol': { city: 'Сон-Куль', address: 'Нарынская обл., озеро Сон-Куль, северный берег' },
  'ala-too-trans': { city: 'Бишкек' },
  'cbt-kochkor': { city: 'Кочкор' },
  'ala-too-hotel': { city: 'Бишкек', address: 'Бишкек, ул. Эркиндик, 35' },
  'karakol-house': { city: 'Каракол', address: 'Каракол, ул. Абдрахманова, 121' },
};

export interface DemoSupplier {
  id: number;
  name: string;
  currency: Currency;
}

/** The directory through the suppliers service, as the reservations agent keeps it. */
export async function seedSuppliers(
  trx: Db,
  viewer: ScopeViewer,
): Promise<Map<SupplierKey, DemoSupplier>> {
  const saved = new Map<SupplierKey, DemoSupplier>();
  for (const idea of SUPPLIERS as readonly SupplierIdea[]) {
    const supplier = await saveSupplier(trx, viewer, null, {
      name: idea.name,
      kinds: [...idea.kinds],
      contact_person: idea.contact,
      phone: idea.phone,
      email: idea.email,
      default_currency: idea.currency,
      notes: idea.notes ?? null,
      city: PLACES[idea.key as SupplierKey]?.city ?? null,
      address: PLACES[idea.key as SupplierKey]?.address ?? null,
    });
    saved.set(idea.key as SupplierKey, {
      id: supplier.id,
      name: supplier.name,
      currency: idea.currency,
    });
  }
  return saved;
}
