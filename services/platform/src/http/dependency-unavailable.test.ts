import { EventStoreUnavailableError } from '../event-store/event-store';
import { isDependencyUnavailable } from './dependency-unavailable';

const withFields = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('a dependency out of reach', () => {
  it.each([
    ['an unavailable event store', new EventStoreUnavailableError('14 UNAVAILABLE')],
    ['a refused connection', withFields('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' })],
    [
      'a connection the server ended (57P01)',
      withFields('terminating connection due to administrator command', { code: '57P01', severity: 'FATAL' }),
    ],
    [
      'a database starting up (57P03)',
      withFields('the database system is starting up', { code: '57P03', severity: 'FATAL' }),
    ],
    [
      'too many connections (53300)',
      withFields('sorry, too many clients already', { code: '53300', severity: 'FATAL' }),
    ],
    ['a connection exception (class 08)', withFields('connection failure', { code: '08006', severity: 'FATAL' })],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ["MikroORM's connection exception", withFields('select 1 - connect ECONNREFUSED', { name: 'ConnectionException' })],
    [
      'MikroORM wrapping a 57P01',
      withFields('insert into "x" - terminating connection', { name: 'DriverException', sqlState: '57P01' }),
    ],
    ['a failure caused by one', new Error('could not load the stream', { cause: new Error('Connection terminated') })],
  ])('is %s', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    [
      'a check constraint violation',
      withFields('new row violates check constraint', { code: '23514', severity: 'ERROR' }),
    ],
    ['a syntax error', withFields('syntax error at or near "x"', { code: '42601', severity: 'ERROR' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'no'],
  ])('is not %s', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});
