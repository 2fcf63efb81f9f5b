import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_LOAD_TIMEOUT_MS } from '../hooks/use-scheduling-embed';
import { SchedulingEmbed } from './scheduling-embed';

const PAGE = 'https://calendly.com/revlane/demo';

function postFromWidget(event: string, origin = 'https://calendly.com') {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data: { event, payload: {} } }));
  });
}

describe('SchedulingEmbed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('falls back to a plain link when the widget stays silent for 5 s (no internet)', () => {
    render(<SchedulingEmbed pageUrl={PAGE} onScheduled={vi.fn()} />);
    expect(screen.getByTitle('Schedule a meeting with a Revlane expert')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open the scheduling page/ })).toBeNull();

    act(() => {
      vi.advanceTimersByTime(SCHEDULING_LOAD_TIMEOUT_MS);
    });
    const link = screen.getByRole('link', { name: /Open the scheduling page/ });
    expect(link).toHaveAttribute('href', PAGE);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByTitle('Schedule a meeting with a Revlane expert')).toBeNull();
  });

  it('keeps the widget once it speaks, and completes the step when a meeting is booked', () => {
    const onScheduled = vi.fn();
    render(<SchedulingEmbed pageUrl={PAGE} onScheduled={onScheduled} />);
    postFromWidget('calendly.event_type_viewed', 'https://evil.example');
    postFromWidget('calendly.event_type_viewed');
    act(() => {
      vi.advanceTimersByTime(SCHEDULING_LOAD_TIMEOUT_MS * 2);
    });
    expect(screen.getByTitle('Schedule a meeting with a Revlane expert')).toBeInTheDocument();
    expect(onScheduled).not.toHaveBeenCalled();

    postFromWidget('calendly.event_scheduled');
    expect(onScheduled).toHaveBeenCalledTimes(1);
  });
});
