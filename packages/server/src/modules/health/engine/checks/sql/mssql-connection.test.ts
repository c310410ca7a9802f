import { describe, expect, it } from 'vitest';
import { parseMssqlConnection } from './mssql-connection.js';

describe('parseMssqlConnection', () => {
  it("reads canary-checker's ADO strings, with port= or host,port and an instance", () => {
    expect(parseMssqlConnection('server=mssql.default.svc;user id=sa;password=S3cret;port=1433;database=master')).toEqual({
      server: 'mssql.default.svc',
      port: 1433,
      user: 'sa',
      password: 'S3cret',
      database: 'master',
      encrypt: false,
      trustServerCertificate: false,
    });
    expect(
      parseMssqlConnection(
        'Data Source=tcp:db\\SQLEXPRESS,1444; UID=u; PWD=p; Initial Catalog=app; Encrypt=true; TrustServerCertificate=true',
      ),
    ).toEqual({
      server: 'db',
      port: 1444,
      instanceName: 'SQLEXPRESS',
      user: 'u',
      password: 'p',
      database: 'app',
      encrypt: true,
      trustServerCertificate: true,
    });
    expect(parseMssqlConnection('server=.;encrypt=disable')).toEqual({
      server: 'localhost',
      user: '',
      password: '',
      encrypt: false,
      trustServerCertificate: false,
    });
  });

  it('reads sqlserver:// URLs', () => {
    expect(parseMssqlConnection('sqlserver://sa:p%40ss@db:1433/INST?database=master&encrypt=strict')).toEqual({
      server: 'db',
      port: 1433,
      instanceName: 'INST',
      user: 'sa',
      password: 'p@ss',
      database: 'master',
      encrypt: true,
      trustServerCertificate: false,
    });
  });

  it('says what is wrong without echoing a password', () => {
    expect(parseMssqlConnection('user id=sa;password=x')).toBe('the connection string names no server (server=host[,port])');
    expect(parseMssqlConnection('server=h;port=abc')).toBe('port "abc" is not a number');
    expect(parseMssqlConnection('server=h;password secret')).toBe('connection string part "password" is not key=value');
    expect(parseMssqlConnection('mysql://h/db')).toBe('"mysql://" is not a SQL Server URL (use sqlserver:// or server=…;user id=…)');
  });
});
