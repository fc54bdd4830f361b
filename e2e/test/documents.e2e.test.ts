import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import {
  formatDate,
  nearestTrip,
  toApiDate,
  dayjs,
  type ParticipantStatus,
  type TripStatus,
} from '@tour/shared';
import {
  BASE_URL,
  freshPagePerTest,
  motionSettled,
  pageApi,
  screenshot,
  signIn,
  signOutFromTopBar,
} from '../support/browser';

// The company's requisites and the documents they feed, as two people do it in the composed
// product: the administrator fills the requisites in («Реквизиты компании», from the top bar's
// menu); the sales manager prints the agreement of one of its tourists, and the DOCX Chromium
// saves holds the tourist's nearest trip (its country and dates) and the company's INN.

let page: Page;

freshPagePerTest(
  (newPage) => {
    page = newPage;
  },
  { acceptDownloads: true },
);

interface Participation {
  participant_id: number;
  trip_id: number;
  status: ParticipantStatus;
  trip_status: TripStatus;
  starts_on: string;
  ends_on: string;
}

/** One of the sales manager's tourists with a trip ahead, and that trip. */
async function touristOnATrip() {
  const tourists = await pageApi<{ data: { id: number; full_name: string }[] }>(
    page,
    'GET',
    '/admin/users?role=client&withTrips=1&per_page=100',
  );
  const today = toApiDate(dayjs());
  for (const tourist of tourists.data) {
    const trips = await pageApi<Participation[]>(page, 'GET', `/admin/user/${tourist.id}/trips`);
    const trip = nearestTrip(trips, today);
    if (trip) {
      const details = await pageApi<{ country: string | null }>(
        page,
        'GET',
        `/admin/trip/${trip.trip_id}`,
      );
      if (details.country) return { tourist, trip, country: details.country };
    }
  }
  throw new Error('no tourist of the sales manager has a trip ahead');
}

it('the administrator fills the requisites in; the sales manager’s agreement prints them with the trip', async () => {
  // A new INN each run: the document must hold what was just typed, not what the demo seeded.
  const inn = `0${String(Date.now()).slice(-13)}`;

  await signIn(page, 'admin@example.com');
  await page.waitForURL(/\/admin\/users$/);
  await page.getByRole('button', { name: /admin@example\.com/ }).click();
  await motionSettled(page);
  await page.getByRole('menuitem', { name: 'Реквизиты компании' }).click();
  await page.getByRole('heading', { name: 'Реквизиты компании' }).waitFor();
  const innField = page.getByLabel('ИНН', { exact: true });
  await innField.fill(inn);
  await page.getByLabel('ФИО руководителя', { exact: true }).fill('Садыкова Айжан Бекболотовна');
  await page.getByLabel('В лице (для договора)').fill('директора Садыковой Айжан Бекболотовны');
  await page.getByRole('button', { name: 'Сохранить реквизиты' }).click();
  await page.getByText('Реквизиты сохранены').waitFor();
  await screenshot(page, 'company-requisites');
  await signOutFromTopBar(page);

  await signIn(page, 'sales@example.com');
  await page.waitForURL(/\/admin\/users$/);
  const { tourist, trip, country } = await touristOnATrip();
  await page.goto(`${BASE_URL}/admin/user/${tourist.id}/wallets`);
  await page.getByRole('heading', { name: tourist.full_name }).waitFor();
  // The dialog takes the nearest trip by default and names no missing requisite.
  const documents = page.locator('.ant-card').filter({ hasText: 'Скачать договор' });
  await documents
    .getByText(`${formatDate(trip.starts_on)}–${formatDate(trip.ends_on)}`)
    .first()
    .waitFor();
  expect(await documents.getByText('В реквизитах компании не заполнено').count()).toBe(0);
  await screenshot(page, 'documents-dialog');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: 'Скачать договор' }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  const parts = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const xml = strFromU8(parts['word/document.xml']!);
  expect(xml).toContain(`Направление (страна, города): ${country}`);
  expect(xml).toContain(
    `Сроки тура: с ${formatDate(trip.starts_on)} по ${formatDate(trip.ends_on)}.`,
  );
  expect(xml).toContain(`ИНН ${inn}`);
  expect(xml).toContain('в лице директора Садыковой Айжан Бекболотовны');
  expect(xml).toContain(`ДОГОВОР № ${trip.trip_id}/${trip.participant_id}`);
  expect(xml).not.toMatch(/Цена туристского продукта составляет _/);
});
