import { describe, expect, it } from 'vitest';
import { EventBus } from './event-bus.js';

interface TestEvents {
  happened: { n: number };
}

describe('EventBus', () => {
  it('runs listeners in subscription order, awaiting each; the first failure propagates', async () => {
    const bus = new EventBus<TestEvents>();
    const seen: string[] = [];
    bus.on('happened', async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`a${n}`);
    });
    bus.on('happened', ({ n }) => {
      seen.push(`b${n}`);
      return Promise.reject(new Error('b failed'));
    });
    bus.on('happened', ({ n }) => {
      seen.push(`c${n}`);
      return Promise.resolve();
    });
    await expect(bus.emit('happened', { n: 1 })).rejects.toThrow('b failed');
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('emitSettled runs every listener and reports each failure', async () => {
    const bus = new EventBus<TestEvents>();
    const seen: number[] = [];
    const errors: unknown[] = [];
    bus.on('happened', () => Promise.reject(new Error('first')));
    bus.on('happened', ({ n }) => {
      seen.push(n);
      return Promise.resolve();
    });
    await bus.emitSettled('happened', { n: 7 }, (error) => errors.push(error));
    expect(seen).toEqual([7]);
    expect(errors.map((error) => (error as Error).message)).toEqual(['first']);
  });

  it('unsubscribes with the function on() returns', async () => {
    const bus = new EventBus<TestEvents>();
    const seen: number[] = [];
    const off = bus.on('happened', ({ n }) => {
      seen.push(n);
      return Promise.resolve();
    });
    await bus.emit('happened', { n: 1 });
    off();
    await bus.emit('happened', { n: 2 });
    expect(seen).toEqual([1]);
    expect(bus.listenerCount('happened')).toBe(0);
  });
});
