import { IDLE_COUNTDOWN_TICK_MS } from '@revlane/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIdleTimer, type EventsType, type IIdleTimer } from 'react-idle-timer';

/** docs/product.md §4, §9: mouse, keyboard, wheel, touch and visibility count as activity. */
export const ACTIVITY_EVENTS: EventsType[] = [
  'mousemove',
  'mousedown',
  'keydown',
  'wheel',
  'touchstart',
  'touchmove',
  'visibilitychange',
];

const MINUTE_MS = 60_000;

/**
 * Activity that cancels the prompt: anything outside the prompt itself (using the prompt's own
 * buttons is not "still here" by accident), except the zero-distance mousemove browsers
 * synthesise when content appears under a resting pointer.
 */
function isCancellingActivity(event: Event | undefined, prompt: HTMLElement | null): boolean {
  if (!event) return false;
  if (event.type === 'mousemove') {
    const { movementX, movementY } = event as MouseEvent;
    if (movementX === 0 && movementY === 0) return false;
  }
  return !(prompt && event.target instanceof Node && prompt.contains(event.target));
}

interface IdleLogoutOptions {
  timeoutMinutes: number;
  promptMinutes: number;
  onLogout: () => void;
}

/** The idle timer of docs/product.md §4 with its prompt state and a countdown in whole seconds. */
export function useIdleLogout({ timeoutMinutes, promptMinutes, onLogout }: IdleLogoutOptions) {
  const timeout = timeoutMinutes * MINUTE_MS;
  const [isPrompted, setIsPrompted] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const promptRef = useRef<HTMLDivElement>(null);
  const readSeconds = (timer: IIdleTimer) => Math.ceil(timer.getRemainingTime() / 1000);

  const timer = useIdleTimer({
    timeout,
    promptBeforeIdle: Math.min(promptMinutes * MINUTE_MS, timeout - 1),
    events: ACTIVITY_EVENTS,
    onPrompt: (_event, idleTimer) => {
      if (idleTimer) setSecondsLeft(readSeconds(idleTimer));
      setIsPrompted(true);
    },
    onIdle: () => {
      setIsPrompted(false);
      onLogout();
    },
    onAction: (event, idleTimer) => {
      if (!idleTimer?.isPrompted() || !isCancellingActivity(event, promptRef.current)) return;
      idleTimer.activate();
      setIsPrompted(false);
    },
  });

  useEffect(() => {
    if (!isPrompted) return;
    const interval = window.setInterval(
      () => setSecondsLeft(readSeconds(timer)),
      IDLE_COUNTDOWN_TICK_MS,
    );
    return () => window.clearInterval(interval);
  }, [isPrompted, timer]);

  // docs/product.md §4: the timer stops when the page unloads; a page restored from the back-forward
  // cache starts counting again.
  useEffect(() => {
    const stop = () => timer.pause();
    const restart = (event: PageTransitionEvent) => {
      if (event.persisted) timer.reset();
    };
    window.addEventListener('pagehide', stop);
    window.addEventListener('pageshow', restart);
    return () => {
      window.removeEventListener('pagehide', stop);
      window.removeEventListener('pageshow', restart);
    };
  }, [timer]);

  const stayActive = useCallback(() => {
    timer.activate();
    setIsPrompted(false);
  }, [timer]);

  return { isPrompted, secondsLeft, stayActive, promptRef };
}
