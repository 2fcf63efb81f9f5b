import type { AppConfig } from '@revlane/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMocks } from 'react-idle-timer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppConfigProvider } from '@/common/config';
import { makeSession } from '@/testing/render-signed-in';
import { testConfig } from '@/testing/test-config';
import { SessionContext } from '../session-context';
import { IdleTimeout } from './idle-timeout';

const MINUTE = 60_000;

function renderIdleTimeout(idle: AppConfig['idle'] = testConfig.idle) {
  const session = makeSession();
  render(
    <AppConfigProvider config={{ ...testConfig, idle }}>
      <SessionContext value={session}>
        <IdleTimeout />
      </SessionContext>
    </AppConfigProvider>,
  );
  return session;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
// By role, so a closed (hidden) prompt does not count.
const countdown = () => screen.queryByRole('timer')?.textContent;
const isPromptOpen = () => screen.queryByRole('dialog', { name: 'Session Time out' }) !== null;

/** jsdom's MouseEvent ignores `movementX/Y`; browsers always set them. */
function moveMouse(target: Element, movementX: number, movementY: number) {
  const event = new MouseEvent('mousemove', { bubbles: true });
  Object.defineProperties(event, {
    movementX: { value: movementX },
    movementY: { value: movementY },
  });
  fireEvent(target, event);
}

describe('idle timeout (docs/product.md §4, §9)', () => {
  // The timer library binds the global timers when it loads; createMocks re-reads them.
  beforeEach(() => {
    vi.useFakeTimers();
    createMocks();
  });
  afterEach(() => {
    vi.useRealTimers();
    createMocks();
  });

  it('prompts 2 minutes before the 120-minute timeout and counts down every second', async () => {
    renderIdleTimeout();
    await advance(118 * MINUTE - 1000);
    expect(isPromptOpen()).toBe(false);

    await advance(1000);
    expect(screen.getByRole('dialog', { name: 'Session Time out' })).toBeInTheDocument();
    expect(countdown()).toBe('Logging you out in 120 second(s).');
    await advance(1000);
    expect(countdown()).toBe('Logging you out in 119 second(s).');
    await advance(5000);
    expect(countdown()).toBe('Logging you out in 114 second(s).');
  });

  it('logs out when the countdown ends', async () => {
    const session = renderIdleTimeout();
    await advance(118 * MINUTE);
    await advance(119 * 1000);
    expect(session.logout).not.toHaveBeenCalled();
    await advance(1000);
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it("'I'm Still Here' closes the prompt and starts the full timeout again", async () => {
    const session = renderIdleTimeout();
    await advance(118 * MINUTE + 30_000);
    fireEvent.click(screen.getByRole('button', { name: "I'm Still Here" }));
    await advance(1000);
    expect(countdown()).toBeUndefined();

    await advance(118 * MINUTE - 2000);
    expect(countdown()).toBeUndefined();
    await advance(2000);
    expect(countdown()).toBe('Logging you out in 120 second(s).');
    expect(session.logout).not.toHaveBeenCalled();
  });

  it("'Log Out' logs out at once", async () => {
    const session = renderIdleTimeout();
    await advance(118 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['the mouse moving', () => moveMouse(document.body, 4, 2)],
    ['the wheel', () => fireEvent.wheel(document.body)],
    ['a touch', () => fireEvent.touchStart(document.body)],
    ['the tab becoming visible', () => fireEvent(document, new Event('visibilitychange'))],
  ])('%s outside the prompt cancels it', async (_name, act) => {
    const session = renderIdleTimeout();
    await advance(118 * MINUTE);
    expect(countdown()).toBe('Logging you out in 120 second(s).');
    act();
    await advance(1000);
    expect(countdown()).toBeUndefined();
    await advance(10 * MINUTE);
    expect(session.logout).not.toHaveBeenCalled();
  });

  it('ignores moves the browser makes up when the prompt appears under a resting pointer', async () => {
    renderIdleTimeout();
    await advance(118 * MINUTE);
    moveMouse(document.body, 0, 0);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Log Out' }), { key: 'Tab' });
    await advance(1000);
    expect(countdown()).toBe('Logging you out in 119 second(s).');
  });

  it('activity before the prompt postpones it', async () => {
    renderIdleTimeout();
    await advance(100 * MINUTE);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(100 * MINUTE);
    expect(isPromptOpen()).toBe(false);
    await advance(18 * MINUTE);
    expect(isPromptOpen()).toBe(true);
  });

  it('stops when the page unloads', async () => {
    const session = renderIdleTimeout();
    await advance(60 * MINUTE);
    fireEvent(window, new Event('pagehide'));
    await advance(180 * MINUTE);
    expect(isPromptOpen()).toBe(false);
    expect(session.logout).not.toHaveBeenCalled();
  });

  it('uses the configured minutes', async () => {
    const session = renderIdleTimeout({ timeoutMinutes: 0.1, promptMinutes: 0.05 });
    await advance(3000);
    expect(countdown()).toBe('Logging you out in 3 second(s).');
    await advance(3000);
    expect(session.logout).toHaveBeenCalledTimes(1);
  });
});
