import { hasTouristContacts } from './tourist-options-api';

describe('hasTouristContacts', () => {
  const none = { phone: null, email: null, passport_number: null };

  it('is true when a phone, an email or a passport number is given', () => {
    expect(hasTouristContacts({ ...none, phone: '+996700000001' })).toBe(true);
    expect(hasTouristContacts({ ...none, email: 'a@example.com' })).toBe(true);
    expect(hasTouristContacts({ ...none, passport_number: 'AN1234567' })).toBe(true);
  });

  it('is false when nothing but blanks is given (nothing to compare)', () => {
    expect(hasTouristContacts(none)).toBe(false);
    expect(hasTouristContacts({ phone: '  ', email: '', passport_number: undefined })).toBe(false);
  });
});
