/** A listener: awaited by the emitter, so its work is part of what emitted the event. */
export type Listener<Payload> = (payload: Payload) => Promise<unknown>;

/**
 * In-process events of one app (docs/architecture.md §3.5): modules subscribe in their
 * `jobs.ts`, the module that owns a fact emits it, and neither imports the other. Scoped to
 * the app instance, so two apps in one process (tests) never hear each other's events.
 */
export class EventBus<Events extends object> {
  readonly #listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Subscribes; the returned function unsubscribes (an app's `onClose`, tests). */
  on<Name extends keyof Events>(name: Name, listener: Listener<Events[Name]>): () => void {
    const listeners = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, listeners);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** How many listeners an event has (the wiring test checks every event has its own). */
  listenerCount(name: keyof Events): number {
    return this.#listeners.get(name)?.size ?? 0;
  }

  /**
   * Runs every listener in subscription order, one after the other; the first failure
   * propagates (a job emitting it fails and is retried, so its listeners run again).
   */
  async emit<Name extends keyof Events>(name: Name, payload: Events[Name]): Promise<void> {
    for (const listener of this.#of(name)) await listener(payload);
  }

  /**
   * Runs every listener even when one fails, handing each failure to `onError`: for facts
   * already committed, where a listener's failure must not turn the change into an error.
   */
  async emitSettled<Name extends keyof Events>(
    name: Name,
    payload: Events[Name],
    onError: (error: unknown) => void,
  ): Promise<void> {
    for (const listener of this.#of(name)) {
      try {
        await listener(payload);
      } catch (error) {
        onError(error);
      }
    }
  }

  #of<Name extends keyof Events>(name: Name): Listener<Events[Name]>[] {
    return [...(this.#listeners.get(name) ?? [])] as Listener<Events[Name]>[];
  }
}
