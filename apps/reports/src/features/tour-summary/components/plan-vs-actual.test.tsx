import { screen, within } from '@testing-library/react';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { NBSP, textOf } from '../../../testing/reports';
import { renderRoute } from '../../../testing/render-route';
import { tourSummary } from '../../../testing/tour-summary';
import type { TourSummary } from '../api/types';

installFakeApi();

// The figures of the API test's trip (apps/api/test/trip-plan.test.ts), written by hand: the
// plan at a group of 4 in double rooms against the bookings made, in USD.
const PLAN: NonNullable<TourSummary['plan']> = {
  costing: {
    id: 3,
    version: 1,
    title: 'Лето',
    currency: 'usd',
    rate_date: '2026-11-22',
    applied: true,
    applied_group_size: 4,
    occupancy: 'double',
  },
  group_size: 4,
  kinds: [
    { kind: 'hotel', planned: 560, actual: 600, difference: 40 },
    { kind: 'transfer', planned: 120, actual: 120, difference: 0 },
    { kind: 'guide', planned: 150, actual: 114.29, difference: -35.71 },
    { kind: 'activity', planned: 34.29, actual: 34.29, difference: 0 },
  ],
  planned_costs: 864.29,
  actual_costs: 868.58,
  difference: 4.29,
  planned_revenue: 1040,
  planned_profit: 175.71,
  planned_margin: 16.9,
  actual_revenue: 1020,
  actual_profit: 151.42,
  actual_margin: 14.85,
  missing_rate: false,
};

function serve(plan: TourSummary['plan']) {
  fakeApi.ok('GET /admin/trips', { data: [], total: 0 });
  fakeApi.ok('GET /admin/trip/5', { id: 5, title: 'Зимний Токио' });
  fakeApi.on('GET /admin/reports/tour', () => ({
    status: 200,
    data: { code: 1, data: tourSummary('usd', { plan }) },
  }));
}

const rowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
    within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => textOf(cell)),
  );

describe('planned against actual in the tour summary', () => {
  it('shows per kind the plan, the bookings and the difference, over plan in red', async () => {
    serve(PLAN);
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });
    const table = await screen.findByRole('table', { name: 'План и факт' });
    expect(screen.getByRole('heading', { name: 'План и факт' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'По калькуляции «Лето», версия 1: цена тура применена для группы 4, двухместное ' +
          'размещение; пересчитана на участников: 4; курсы на 22.11.2026.',
      ),
    ).toBeInTheDocument();
    expect(rowsOf(table)).toEqual([
      ['Отели', '$560,00', '$600,00', '$40,00'],
      ['Трансфер', '$120,00', '$120,00', '$0,00'],
      ['Гид/Сопровождение', '$150,00', '$114,29', '-$35,71'],
      ['Входные билеты', '$34,29', '$34,29', '$0,00'],
      ['Расходы', '$864,29', '$868,58', '$4,29'],
      ['Выручка', `$1${NBSP}040,00`, `$1${NBSP}020,00`, ''],
      ['Прибыль', '$175,71', '$151,42', ''],
      // The screens' margin: no trailing zero.
      ['Маржа', `16,9${NBSP}%`, `14,85${NBSP}%`, ''],
    ]);
    // Over plan in red, under plan not.
    const hotel = within(table).getByText('$40,00');
    expect(hotel.getAttribute('style')).toMatch(/color/);
    expect(within(table).getByText('-$35,71').getAttribute('style') ?? '').not.toMatch(/color/);
  });

  it('says «нет калькуляции» for a trip without a costing, not zeros', async () => {
    serve(null);
    renderRoute('report-tour', { url: '/admin/report/tour?trip_id=5' });
    expect(await screen.findByText('нет калькуляции')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'План и факт' })).not.toBeInTheDocument();
  });
});
