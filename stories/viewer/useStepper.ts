/**
 * Step a story: a live actor of the machine with the story's fakes (controlled promise actors, injected
 * actions) and a SimulatedClock, replayed from the start through a list of events (the URL holds the list,
 * so a deep link reopens the same step). Offers the events the model has in the current state: user
 * events (disabled when no transition is enabled), outcomes of the running actors, and delays as time.
 */
import { useEffect, useState } from 'react';
import type { AnyMachineSnapshot, EventObject, InspectionEvent } from 'xstate';
import { createStoryRunner, type MachineStory } from '../fixtures/story';
import { flush, ownEvents, transitionKey } from '../replay';

export type OfferKind = 'event' | 'done' | 'error' | 'after' | 'clock';

export interface Offer {
  event: EventObject;
  kind: OfferKind;
  /** What the button says, e.g. `cart.remove (ticketIds: t1)`, `loadCart resolves (c1)`. */
  label: string;
  enabled: boolean;
}

export interface StepperState {
  status: 'replaying' | 'ready' | 'failed';
  snapshot: AnyMachineSnapshot | null;
  offers: Offer[];
  /** Simulated time since the story's start time, ms. */
  time: number;
  /** Transition keys the last step took. */
  lastTaken: string[];
  error: string | null;
}

/** A short reading of a value for a button label. */
export function summarize(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length <= 3 && value.every((v) => typeof v !== 'object' || v === null))
      return value.map(summarize).join(', ') || '[]';
    return value.length === 1 ? '1 item' : `${value.length} items`;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.code === 'string') return record.code;
    if (typeof record.id === 'string') return record.id;
    // An outcome such as the reserve core's `{ status: 'reserved', cart }` or `{ status: 'refused', refusal }`.
    if (typeof record.status === 'string') {
      const rest = Object.entries(record).find(([key]) => key !== 'status');
      return rest ? `${record.status}: ${summarize(rest[1])}` : record.status;
    }
    if ('error' in record) return summarize(record.error);
    if (value instanceof Error) return value.message;
    return '{…}';
  }
  return typeof value;
}

function payload(event: EventObject, skip: string[] = []): string {
  const parts = Object.entries(event)
    .filter(([key]) => key !== 'type' && !skip.includes(key))
    .map(([key, value]) => `${key}: ${summarize(value)}`);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** Simulated ms as a person reads it: `895 s`, `1.5 s`, `200 ms`. */
function duration(ms: number): string {
  if (Math.abs(ms) < 1000) return `${ms} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function offerOf(event: EventObject, snapshot: AnyMachineSnapshot, story: MachineStory, now: number): Offer {
  const { type } = event;
  const at = story.clockEvents?.(event);
  if (at !== undefined) {
    // A model event of time: the replay sets the simulated clock, the actor hears it from its own timers.
    const start = story.startTime ?? 0;
    return {
      event,
      kind: 'clock',
      label: `Advance time to ${duration(at - start)} (${type}, +${duration(at - now)})`,
      enabled: at >= now,
    };
  }
  if (type.startsWith('xstate.done.actor.')) {
    const id = type.slice('xstate.done.actor.'.length);
    const output = (event as { output?: unknown }).output;
    return {
      event,
      kind: 'done',
      label: `${id} resolves${output === undefined ? '' : ` (${summarize(output)})`}`,
      enabled: snapshot.can(event as never),
    };
  }
  if (type.startsWith('xstate.error.actor.')) {
    const id = type.slice('xstate.error.actor.'.length);
    return {
      event,
      kind: 'error',
      label: `${id} fails (${summarize((event as { error?: unknown }).error)})`,
      enabled: snapshot.can(event as never),
    };
  }
  if (type.startsWith('xstate.after.')) {
    const delay = type.slice('xstate.after.'.length).split('.')[0];
    return { event, kind: 'after', label: `Advance time: after ${delay}`, enabled: true };
  }
  return { event, kind: 'event', label: `${type}${payload(event)}`, enabled: snapshot.can(event as never) };
}

const INITIAL: StepperState = {
  status: 'replaying',
  snapshot: null,
  offers: [],
  time: 0,
  lastTaken: [],
  error: null,
};

/** Replays `events` on a fresh actor whenever the story, input or events change. */
export function useStepper(story: MachineStory, inputIndex: number, events: EventObject[]): StepperState {
  const [state, setState] = useState<StepperState>(INITIAL);
  const eventsKey = JSON.stringify(events);
  // biome-ignore lint/correctness/useExhaustiveDependencies: eventsKey stands for events
  useEffect(() => {
    let live = true;
    let taken: string[] = [];
    setState((previous) => ({ ...previous, status: 'replaying' }));
    const runner = createStoryRunner(story, inputIndex, (event: InspectionEvent) => {
      if (event.type === '@xstate.microstep' && event.actorRef.sessionId === event.rootId) {
        for (const transition of event._transitions) taken.push(transitionKey(transition));
      }
    });
    const publish = () => {
      if (!live) return;
      const snapshot = runner.actor.getSnapshot() as AnyMachineSnapshot;
      const candidates = snapshot.status === 'active' ? ownEvents(snapshot, story.events(snapshot)) : [];
      setState({
        status: 'ready',
        snapshot,
        offers: candidates.map((event) => offerOf(event, snapshot, story, runner.clock.now())),
        time: runner.clock.now() - (story.startTime ?? 0),
        lastTaken: taken,
        error: null,
      });
    };
    (async () => {
      try {
        for (const event of events) {
          if (!live) return;
          taken = [];
          await runner.execute(event);
        }
        // Let what the start or the last step set off settle (e.g. the app root's children loading).
        await flush();
        publish();
      } catch (error) {
        if (live) {
          setState({
            ...INITIAL,
            status: 'failed',
            snapshot: runner.actor.getSnapshot() as AnyMachineSnapshot,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    })();
    return () => {
      live = false;
      runner.actor.stop();
    };
  }, [story, inputIndex, eventsKey]);
  return state;
}
