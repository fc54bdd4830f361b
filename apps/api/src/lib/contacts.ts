/** Email as stored and compared: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Phone as stored and compared: a leading + and digits only (`+996 700 00-00-01` → `+996700000001`). */
export function normalizePhone(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/** A login is an email when it has an @, else a phone number. */
export function normalizeLogin(login: string): { kind: 'email' | 'phone'; value: string } {
  return login.includes('@')
    ? { kind: 'email', value: normalizeEmail(login) }
    : { kind: 'phone', value: normalizePhone(login) };
}
