import { isPhoneNumber, PHONE_MESSAGE } from '@tour/shared';

/** A form rule's validator: an empty phone passes (it is optional), else the shared phone rule. */
export async function checkPhone(_rule: unknown, value: string | undefined): Promise<void> {
  const phone = value?.trim();
  if (phone && !isPhoneNumber(phone)) throw new Error(PHONE_MESSAGE);
}
