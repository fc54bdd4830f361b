/** What a phone number may be written with: digits, spaces, brackets, dots, dashes, a leading +. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** The one rule for a phone number, in every form and on the server. */
export const PHONE_MESSAGE = 'Неверный номер телефона: от 7 до 15 цифр, можно с + в начале';

/** True when `text` (trimmed) is a phone number: 7 to 15 digits, written as PHONE_CHARACTERS allow. */
export function isPhoneNumber(text: string): boolean {
  const phone = text.trim();
  const digits = phone.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(phone) && digits >= 7 && digits <= 15;
}
