import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SESSION_LIFETIMES, readConfig, readSessionLifetimes } from './config';

describe('readConfig', () => {
  it('defaults to port 8080, ./data and the embedded database with demo data', () => {
    expect(readConfig({}, '/srv/app')).toEqual({
      port: 8080,
      dataDir: path.resolve('/srv/app', 'data'),
      databaseUrl: null,
      seedDemo: true,
      remoteUrls: {},
      trustProxy: false,
      sessions: DEFAULT_SESSION_LIFETIMES,
      smtpUrl: null,
      messageRound: true,
    });
  });

  it('takes SMTP_URL as smtp:// or smtps://, and refuses another in Russian', () => {
    expect(readConfig({ SMTP_URL: ' smtp://mail:secret@mail.example.kg:587 ' }).smtpUrl).toBe(
      'smtp://mail:secret@mail.example.kg:587',
    );
    expect(readConfig({ SMTP_URL: 'smtps://mail.example.kg' }).smtpUrl).toBe(
      'smtps://mail.example.kg',
    );
    expect(readConfig({ SMTP_URL: '' }).smtpUrl).toBeNull();
    expect(() => readConfig({ SMTP_URL: 'mail.example.kg:25' })).toThrow(
      'SMTP_URL должен начинаться с smtp:// или smtps://',
    );
    expect(() => readConfig({ SMTP_URL: 'not a url' })).toThrow('SMTP_URL должен быть адресом');
  });

  it('runs the daily round of reminders unless MESSAGE_ROUND is off', () => {
    expect(readConfig({ MESSAGE_ROUND: 'off' }).messageRound).toBe(false);
    expect(readConfig({ MESSAGE_ROUND: '1' }).messageRound).toBe(true);
    expect(() => readConfig({ MESSAGE_ROUND: 'sometimes' })).toThrow('MESSAGE_ROUND должен быть');
  });

  it('keeps sessions 2 h idle and 12 h in all by default, 14 and 30 days with "remember me"', () => {
    const hour = 60 * 60 * 1000;
    expect(readSessionLifetimes({})).toEqual({
      idleMs: 2 * hour,
      absoluteMs: 12 * hour,
      rememberIdleMs: 14 * 24 * hour,
      rememberAbsoluteMs: 30 * 24 * hour,
    });
    expect(readSessionLifetimes({ SESSION_IDLE_MINUTES: ' ' })).toEqual(DEFAULT_SESSION_LIFETIMES);
  });

  it('takes the session lifetimes from SESSION_* settings in their units', () => {
    const minute = 60 * 1000;
    expect(
      readConfig({
        SESSION_IDLE_MINUTES: '30',
        SESSION_ABSOLUTE_HOURS: '9',
        SESSION_REMEMBER_IDLE_DAYS: '3',
        SESSION_REMEMBER_ABSOLUTE_DAYS: '7',
      }).sessions,
    ).toEqual({
      idleMs: 30 * minute,
      absoluteMs: 9 * 60 * minute,
      rememberIdleMs: 3 * 24 * 60 * minute,
      rememberAbsoluteMs: 7 * 24 * 60 * minute,
    });
  });

  it('refuses a session lifetime that is not a whole number in range, or idle past absolute', () => {
    for (const value of ['0', '-5', '1.5', 'two', '1e3', '99999999']) {
      expect(() => readConfig({ SESSION_IDLE_MINUTES: value })).toThrow(
        'SESSION_IDLE_MINUTES должен быть целым числом',
      );
    }
    expect(() => readConfig({ SESSION_REMEMBER_ABSOLUTE_DAYS: '400' })).toThrow(
      'SESSION_REMEMBER_ABSOLUTE_DAYS',
    );
    expect(() => readConfig({ SESSION_IDLE_MINUTES: '180', SESSION_ABSOLUTE_HOURS: '2' })).toThrow(
      'SESSION_IDLE_MINUTES не может быть дольше SESSION_ABSOLUTE_HOURS',
    );
    expect(() =>
      readConfig({ SESSION_REMEMBER_IDLE_DAYS: '40', SESSION_REMEMBER_ABSOLUTE_DAYS: '30' }),
    ).toThrow('SESSION_REMEMBER_IDLE_DAYS не может быть дольше');
  });

  it('does not seed an external database unless asked', () => {
    const external = readConfig({ DATABASE_URL: 'postgres://app@db/app' }, '/srv');
    expect(external.databaseUrl).toBe('postgres://app@db/app');
    expect(external.seedDemo).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://db/app', SEED_DEMO: 'yes' }).seedDemo).toBe(true);
    expect(readConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('takes a relative DATA_DIR from where npm was called (INIT_CWD)', () => {
    expect(readConfig({ INIT_CWD: '/repo', DATA_DIR: 'data' }).dataDir).toBe(
      path.resolve('/repo', 'data'),
    );
  });

  it('takes PORT and DATA_DIR from the environment', () => {
    const config = readConfig({ PORT: '9090', DATA_DIR: 'var/db' }, '/srv');
    expect(config.port).toBe(9090);
    expect(config.dataDir).toBe(path.resolve('/srv', 'var/db'));
  });

  it('reads REMOTES as JSON or as a JSON file', () => {
    const urls = { accounting: 'https://cdn.example/accounting/mf-manifest.json' };
    expect(readConfig({ REMOTES: JSON.stringify(urls) }).remoteUrls).toEqual(urls);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(urls));
    expect(readConfig({ REMOTES: 'remotes.json' }, dir).remoteUrls).toEqual(urls);
    expect(() => readConfig({ REMOTES: '{"a": 1}' })).toThrow('REMOTES');
    expect(() => readConfig({ REMOTES: 'missing.json' }, dir)).toThrow('не прочитан');
    expect(() => readConfig({ REMOTES: '{broken' })).toThrow('REMOTES должен быть JSON');
  });

  it('trusts no proxy unless told, and reads TRUST_PROXY as a flag, hops or addresses', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: ' ' }).trustProxy).toBe(false);
    for (const word of ['1', 'true', 'YES', 'on']) {
      expect(readConfig({ TRUST_PROXY: word }).trustProxy).toBe(true);
    }
    for (const word of ['0', 'false', 'no', 'Off']) {
      expect(readConfig({ TRUST_PROXY: word }).trustProxy).toBe(false);
    }
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(
      readConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.1 ,fd00::/8,::1, loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.1', 'fd00::/8', '::1', 'loopback']);
  });

  it('refuses a TRUST_PROXY it cannot read, in Russian, naming the bad entry', () => {
    for (const value of [
      'maybe',
      '10.0.0.256',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1,',
      '-1',
      '1.5',
    ]) {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
    }
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.1, proxy.local' })).toThrow(
      'TRUST_PROXY: «proxy.local» — не адрес и не диапазон CIDR',
    );
  });

  it('refuses settings it cannot read, in Russian', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow('PORT должен быть целым числом');
    expect(() => readConfig({ PORT: '70000' })).toThrow('PORT');
    expect(() => readConfig({ SEED_DEMO: 'maybe' })).toThrow('SEED_DEMO');
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL');
  });
});
