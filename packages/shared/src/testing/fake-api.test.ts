import { http } from '@tour/shared';
import { fakeApi, installFakeApi, invalid, page } from './fake-api';

installFakeApi();

describe('the fake API under the shared http client', () => {
  it('answers a route with its reply and records what it received', async () => {
    fakeApi.ok('POST /agent/tourists', { id: 7 });
    const response = await http.post(
      '/agent/tourists',
      { full_name: 'Асанова Айгуль' },
      { params: { page: 2, search: undefined }, headers: { 'X-Test': 'да' } },
    );
    expect(response.data).toEqual({ code: 1, data: { id: 7 } });
    const [request] = fakeApi.requests('POST /agent/tourists');
    expect(request).toMatchObject({
      method: 'POST',
      url: '/agent/tourists',
      params: { page: '2' },
      data: { full_name: 'Асанова Айгуль' },
    });
    expect(request!.headers['x-test']).toBe('да');
  });

  it('answers from a function of the request, fails with 4xx replies and refuses unknown routes', async () => {
    fakeApi.on('GET /echo', (request) => ({ status: 200, data: request.params }));
    await expect(http.get('/echo', { params: { a: 1 } })).resolves.toMatchObject({
      data: { a: '1' },
    });
    fakeApi.on('PUT /agent/tourists/1', invalid({ email: ['Этот email уже занят'] }));
    await expect(http.put('/agent/tourists/1', 'не JSON')).rejects.toMatchObject({
      response: {
        status: 422,
        data: { code: 0, errors: { email: ['Этот email уже занят'] } },
      },
    });
    expect(fakeApi.requests('PUT /agent/tourists/1')[0]!.data).toBe('не JSON');
    await expect(http.get('/nowhere')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
  });

  it('builds a Laravel paginator page', () => {
    expect(page(['a', 'b'], { current: 2, perPage: 2, total: 5 })).toEqual({
      data: ['a', 'b'],
      current_page: 2,
      last_page: 3,
      per_page: 2,
      total: 5,
      from: 3,
      to: 4,
    });
    expect(page([])).toMatchObject({ from: null, to: null, last_page: 1 });
  });
});
