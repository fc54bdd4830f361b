import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, installFakeApi } from '@tour/shared/testing';
import { generalReport, NBSP, textOf } from '../../../testing/reports';
import { renderRoute } from '../../../testing/render-route';
import { loadMonthsChart } from './months-chart-loader';

// The chart's module is held back here until the test lets it come: the page must not wait for
// it (recharts comes in its own chunk, after the report).
jest.mock('./months-chart-loader', () => ({ loadMonthsChart: jest.fn() }));

installFakeApi();

type ChartModule = Awaited<ReturnType<typeof loadMonthsChart>>;

describe('the general report’s chart', () => {
  it('is loaded lazily: the tables show before its module arrives, the chart after', async () => {
    let arrive: (module: ChartModule) => void = () => undefined;
    jest
      .mocked(loadMonthsChart)
      .mockReturnValue(new Promise<ChartModule>((resolve) => (arrive = resolve)));
    fakeApi.ok('GET /admin/reports/general', generalReport('usd'));
    renderRoute('report-general', { url: '/admin/report/general?currency=usd' });

    const table = await screen.findByRole('table', { name: 'Туры' });
    const tokyo = within(table).getByText('Зимний Токио').closest('tr')!;
    expect(textOf(within(tokyo).getAllByRole('cell')[4]!)).toBe(`$1${NBSP}234${NBSP}567,50`);
    expect(within(table).getByText('Итого')).toBeInTheDocument();
    // The chart's module is asked for once the tables have been painted, never before.
    await waitFor(() => expect(loadMonthsChart).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('Загрузка графика')).toBeInTheDocument();
    expect(document.querySelector('.recharts-wrapper')).toBeNull();

    arrive(jest.requireActual<ChartModule>('./months-chart'));
    await waitFor(() => expect(document.querySelector('.recharts-wrapper')).not.toBeNull());
    expect(screen.queryByLabelText('Загрузка графика')).not.toBeInTheDocument();
    // The table's columns: revenue and costs (bars), profit and what was paid (lines).
    const legend = [...document.querySelectorAll('.recharts-legend-item-text')].map(textOf);
    expect(legend.sort()).toEqual(['Выручка', 'Оплачено', 'Прибыль', 'Расходы']);
  });
});
