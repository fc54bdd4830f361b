import { nginxConfig, resourcePolicy, type NginxLayout } from '../nginx';

// The topology's nginx configuration, read as text: which servers exist and what they allow. The
// headers themselves are checked on a running nginx by e2e/test/topology.e2e.test.ts.

const layout: NginxLayout = {
  prefix: '/srv/t/nginx',
  shellDir: '/srv/t/static/shell',
  remoteDirs: {
    booking: '/srv/t/static/booking',
    accounting: '/srv/t/static/accounting',
    reports: '/srv/t/static/reports',
    agent: '/srv/t/static/agent',
  },
  shellPort: 9000,
  remotePorts: { booking: 9001, accounting: 9002, reports: 9003, agent: 9004 },
  apiPorts: [9011, 9012],
};

describe('resourcePolicy', () => {
  it('is same-site for another port of a host name, cross-origin for another site or an IP', () => {
    expect(resourcePolicy('http://localhost:9000', 'http://localhost:9001')).toBe('same-site');
    // A subdomain is the same site to a browser, but telling that needs the public suffix list:
    // the policy written for the topology takes the answer that always works there.
    expect(resourcePolicy('https://office.example.kg', 'https://cdn.office.example.kg')).toBe(
      'cross-origin',
    );
    // Chromium blocks a same-site policy between two ports of 127.0.0.1.
    expect(resourcePolicy('http://127.0.0.1:9000', 'http://127.0.0.1:9001')).toBe('cross-origin');
    expect(resourcePolicy('https://office.example.kg', 'https://cdn.example.com')).toBe(
      'cross-origin',
    );
  });
});

describe('nginxConfig', () => {
  it('has the shell with both API instances behind /api/ and one server per remote', () => {
    const config = nginxConfig(layout);
    expect(config.match(/listen 127\.0\.0\.1:\d+;/g)).toEqual([
      'listen 127.0.0.1:9000;',
      'listen 127.0.0.1:9001;',
      'listen 127.0.0.1:9002;',
      'listen 127.0.0.1:9003;',
      'listen 127.0.0.1:9004;',
    ]);
    expect(config).toContain('server 127.0.0.1:9011 max_fails=0;');
    expect(config).toContain('server 127.0.0.1:9012 max_fails=0;');
    // The remotes answer the shell's origin only, and nothing wider.
    expect(config.match(/Access-Control-Allow-Origin "[^"]+"/g)).toEqual(
      expect.arrayContaining(['Access-Control-Allow-Origin "http://localhost:9000"']),
    );
    expect(config).not.toMatch(/Access-Control-Allow-Origin "\*"/);
    expect(config).not.toContain('$http_origin');
    // The page's CSP lets the remotes' scripts in.
    const csp = config.match(/add_header content-security-policy "([^"]+)"/)![1]!;
    expect(csp).toMatch(/script-src 'self' http:\/\/localhost:9001 http:\/\/localhost:9002/);
  });

  it('leaves a remote that is down out', () => {
    const config = nginxConfig({ ...layout, down: ['reports'] });
    expect(config).not.toContain('listen 127.0.0.1:9003;');
    expect(config).toContain('listen 127.0.0.1:9004;');
  });
});
