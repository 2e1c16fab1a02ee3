/**
 * Message keys of the reserve flows (texts in `ui/strings.ts`; spec 1 §5, §8). Machines carry keys and
 * parameters, never English text.
 */
import type { ReserveQueryMessageKey } from '../shared/messages';

/** The keys a query problem can name. */
export type ReserveMessageName = ReserveQueryMessageKey;
