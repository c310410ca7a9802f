import { describe, expect, it } from 'vitest';
import { parseMysqlDsn } from './mysql-dsn.js';

describe('parseMysqlDsn', () => {
  it('reads the Go driver DSN of canary-checker specs', () => {
    expect(parseMysqlDsn('user:pa:ss@tcp(db.example:3307)/app?tls=true&parseTime=true')).toEqual({
      host: 'db.example',
      port: 3307,
      user: 'user',
      password: 'pa:ss',
      database: 'app',
      ssl: { rejectUnauthorized: true },
    });
    expect(parseMysqlDsn('u:p@w/d@tcp([::1]:3306)/db?tls=skip-verify')).toMatchObject({
      host: '::1',
      password: 'p@w/d',
      ssl: { rejectUnauthorized: false },
    });
    expect(parseMysqlDsn('/db')).toEqual({ host: '127.0.0.1', port: 3306, user: '', password: '', database: 'db' });
    expect(parseMysqlDsn('u@tcp(db)/')).toEqual({ host: 'db', port: 3306, user: 'u', password: '', database: '' });
    expect(parseMysqlDsn('u:p@unix(/run/mysqld/mysqld.sock)/db')).toEqual({
      socketPath: '/run/mysqld/mysqld.sock',
      user: 'u',
      password: 'p',
      database: 'db',
    });
    expect(parseMysqlDsn('u:p@tcp(h:1)/db?tls=preferred')).not.toHaveProperty('ssl');
  });

  it('reads mysql:// and mariadb:// URLs with escaped credentials', () => {
    expect(parseMysqlDsn('mysql://us%40r:p%2Fw@h:3310/my%20db?ssl=true')).toEqual({
      host: 'h',
      port: 3310,
      user: 'us@r',
      password: 'p/w',
      database: 'my db',
      ssl: { rejectUnauthorized: true },
    });
    expect(parseMysqlDsn('mariadb://h/db')).toMatchObject({ host: 'h', port: 3306, database: 'db' });
  });

  it('says what is wrong with a malformed DSN', () => {
    expect(parseMysqlDsn('u:p@tcp(h:3306)')).toBe('invalid DSN: missing the slash separating the database name');
    expect(parseMysqlDsn('u:p@udp(h:1)/db')).toBe('invalid DSN: network "udp" is not tcp or unix');
    expect(parseMysqlDsn('u:p@tcp(h:99999)/db')).toBe('invalid DSN: "h:99999" is not host:port');
    expect(parseMysqlDsn('postgres://h/db')).toBe('"postgres://" is not a mysql URL (use user:pass@tcp(host:port)/db or mysql://)');
  });
});
