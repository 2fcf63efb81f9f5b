import { describe, expect, it } from 'vitest';
import { cachePerDatabase, ShortCache } from './short-cache.js';

/** A look-up answering `value`. */
const found =
  <T>(value: T) =>
  () =>
    Promise.resolve(value);

describe('ShortCache', () => {
  it('serves a found value until it expires, then asks again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ShortCache<string>({ ttlMs: 100, capacity: 10 }, () => now);
    const load = () => Promise.resolve(`v${++loads}`);
    expect(await cache.get('k', load)).toBe('v1');
    now = 99;
    expect(await cache.get('k', load)).toBe('v1');
    now = 100;
    expect(await cache.get('k', load)).toBe('v2');
  });

  it('never caches a miss', async () => {
    const cache = new ShortCache<string>({ ttlMs: 1000, capacity: 10 });
    expect(await cache.get('k', found(undefined))).toBeUndefined();
    expect(await cache.get('k', found('found'))).toBe('found');
  });

  it('drops everything on invalidate, and a look-up that raced the write is not kept', async () => {
    const cache = new ShortCache<string>({ ttlMs: 1000, capacity: 10 });
    await cache.get('k', found('old'));
    cache.invalidate();
    expect(await cache.get('k', found('new'))).toBe('new');
    const racing = cache.get('r', () => {
      cache.invalidate();
      return Promise.resolve('read before the write');
    });
    expect(await racing).toBe('read before the write');
    expect(await cache.get('r', found('after'))).toBe('after');
  });

  it('keeps at most capacity entries, oldest out first', async () => {
    const cache = new ShortCache<string>({ ttlMs: 1000, capacity: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, found(key));
    expect(await cache.get('a', found('reloaded'))).toBe('reloaded');
    expect(await cache.get('c', found('reloaded'))).toBe('c');
  });

  it('keeps one cache per database handle and invalidates them all', async () => {
    const caches = cachePerDatabase<string>({ ttlMs: 1000, capacity: 10 });
    const [one, two] = [{}, {}];
    await caches.of(one).get('k', found('one'));
    expect(await caches.of(two).get('k', found('two'))).toBe('two');
    expect(await caches.of(one).get('k', found('other'))).toBe('one');
    caches.invalidateAll();
    expect(await caches.of(one).get('k', found('fresh'))).toBe('fresh');
  });
});
