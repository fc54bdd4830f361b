import { isPhoneNumber } from './phone';

describe('isPhoneNumber', () => {
  it('takes 7 to 15 digits written with spaces, brackets, dots, dashes and a leading +', () => {
    expect(isPhoneNumber('+996 (555) 12-34-56')).toBe(true);
    expect(isPhoneNumber(' 1234567 ')).toBe(true);
    expect(isPhoneNumber('+123456789012345')).toBe(true);
  });
  it('refuses fewer than 7 or more than 15 digits, letters and a + inside', () => {
    expect(isPhoneNumber('12-34-5')).toBe(false);
    expect(isPhoneNumber('+1234567890123456')).toBe(false);
    expect(isPhoneNumber('555 12 34 ext')).toBe(false);
    expect(isPhoneNumber('555+1234567')).toBe(false);
  });
});
