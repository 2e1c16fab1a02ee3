/** The path-testing helpers live in `stories/replay.ts`, shared with the story viewer (one copy). */
export * from '../../stories/replay';
