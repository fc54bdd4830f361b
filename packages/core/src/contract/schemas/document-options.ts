// The choices the documents dialog offers (GET /admin/documents/options) and the bodies are
// validated against: one list, so the UI can never offer what the server refuses.

export interface Option<T extends string = string> {
  value: T;
  label: string;
}

export const EMBASSY_DOCUMENT_TYPES = [
  'application',
  'itinerary',
  'guarantee',
  'invitation',
  'cover_letter',
] as const;
export type EmbassyDocumentType = (typeof EMBASSY_DOCUMENT_TYPES)[number];

/** Russian names of the embassy documents, as the dialog lists them and the documents title them. */
export const EMBASSY_DOCUMENT_LABELS: Readonly<Record<EmbassyDocumentType, string>> = {
  application: 'Анкета-заявление на визу',
  itinerary: 'Программа пребывания (маршрут)',
  guarantee: 'Гарантийное письмо',
  invitation: 'Приглашение',
  cover_letter: 'Сопроводительное письмо',
};

// The short-stay categories consulates (Japan's among them) distinguish.
export const VISA_TYPES = [
  'tourist',
  'business',
  'transit',
  'visiting',
  'cultural',
  'medical',
] as const;
export type VisaType = (typeof VISA_TYPES)[number];

export const VISA_TYPE_LABELS: Readonly<Record<VisaType, string>> = {
  tourist: 'Туристическая',
  business: 'Деловая',
  transit: 'Транзитная',
  visiting: 'Посещение родственников и знакомых',
  cultural: 'Культурный обмен, спорт',
  medical: 'Лечение',
};

/** The purpose of the trip as the documents state it, per visa type. */
export const VISA_PURPOSES: Readonly<Record<VisaType, string>> = {
  tourist: 'туризм: ознакомление с достопримечательностями и культурой страны',
  business: 'деловая поездка: переговоры, встречи, участие в выставках (без трудоустройства)',
  transit: 'транзитный проезд в третью страну',
  visiting: 'посещение родственников и знакомых',
  cultural: 'участие в культурных, спортивных и иных некоммерческих мероприятиях',
  medical: 'медицинское обследование и лечение',
};

function options<T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): Option<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** GET /admin/documents/options: the lists in the order the dialog shows them. */
export function documentOptions() {
  return {
    embassyTypes: options(EMBASSY_DOCUMENT_TYPES, EMBASSY_DOCUMENT_LABELS),
    visaTypes: options(VISA_TYPES, VISA_TYPE_LABELS),
  };
}
