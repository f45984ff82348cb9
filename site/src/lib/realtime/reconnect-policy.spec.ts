import { describe, expect, it } from '@jest/globals';
import { RECONNECT_POLICY, reconnectDelay, socketUrl } from './reconnect-policy';

describe('reconnect backoff (spec §4: 1 s doubling to 30 s, at most 5 attempts)', () => {
  it('waits 1, 2, 4, 8 and 16 seconds for the five attempts, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt))).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      16_000,
      null,
    ]);
  });

  it('never waits longer than 30 s, however many attempts a policy allows', () => {
    const patient = { ...RECONNECT_POLICY, maxAttempts: 10 };
    expect(reconnectDelay(6, patient)).toBe(30_000);
    expect(reconnectDelay(10, patient)).toBe(30_000);
    expect(reconnectDelay(11, patient)).toBeNull();
  });

  it('has no delay for attempt numbers that are not attempts', () => {
    expect(reconnectDelay(0)).toBeNull();
    expect(reconnectDelay(-1)).toBeNull();
    expect(reconnectDelay(1.5)).toBeNull();
  });
});

describe('socket address', () => {
  it('follows the page protocol and host', () => {
    expect(socketUrl({ protocol: 'https:', host: 'manga.warraq.example', search: '' })).toBe(
      'wss://manga.warraq.example/ws',
    );
    expect(socketUrl({ protocol: 'http:', host: 'manga.warraq.localhost:8080', search: '?page=2' })).toBe(
      'ws://manga.warraq.localhost:8080/ws',
    );
  });

  it('names the site to the socket when the page was named by ?subdomain=', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080', search: '?subdomain=manga&x=1' })).toBe(
      'ws://localhost:8080/ws?subdomain=manga',
    );
  });
});
