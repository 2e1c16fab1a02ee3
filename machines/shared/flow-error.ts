import type { EventObject } from 'xstate';
import { ErrorCode } from '../../domain/codes';
import type { MessageParams } from '../../domain/error-messages/base';
import type { Message, MessageKey } from './messages';

/**
 * Errors as actors reject with them. Structurally compatible with api's ApiError, which machines never import:
 * routes provide the actors, so whatever an API call throws arrives here as data.
 */
export interface FlowError {
  code: string;
  description?: string | null;
  /** The API's `_context` (spec 2 §8: 'cart_remove_tickets' decides the reschedule's 'Click here to start again.'). */
  context?: string | null;
  extra?: unknown;
  status?: number;
  /** The error body's further items, when the API gave more than one (spec 1 §8: duplicate_code's second). */
  more?: FlowError[];
}

/** Turns whatever an actor rejected with into a FlowError ('unexpected' when it has no code). */
export function toFlowError(error: unknown): FlowError {
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    const e = error as {
      code: string;
      description?: unknown;
      context?: unknown;
      extra?: unknown;
      status?: unknown;
      more?: unknown;
    };
    const more = Array.isArray(e.more) && e.more.length ? e.more.map(toFlowError) : null;
    return {
      code: e.code,
      description: typeof e.description === 'string' ? e.description : null,
      extra: e.extra,
      ...(typeof e.context === 'string' ? { context: e.context } : {}),
      ...(typeof e.status === 'number' ? { status: e.status } : {}),
      ...(more ? { more } : {}),
    };
  }
  return { code: ErrorCode.unexpected, description: null };
}

/** The FlowError of an actor's error event ('unexpected' for an event without an error), read without a cast. */
export function errorOf(event: EventObject): FlowError {
  return toFlowError('error' in event ? event.error : undefined);
}

/** A message as machines carry it: a catalogue key and its parameters. */
export const message = (key: MessageKey, params?: MessageParams): Message =>
  params ? { key, params } : { key };
