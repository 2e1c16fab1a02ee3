/** Per-machine exports: the JSON config (Stately Studio's import) and Mermaid `stateDiagram-v2` text. */
import type { AnyStateMachine } from 'xstate';
import { machineGraph } from './graph';
import { toMermaid } from './mermaid';

/** The machine's config as JSON: implementations are named in `setup`, so it is plain data. */
export function toJsonConfig(machine: AnyStateMachine): string {
  return `${JSON.stringify(machine.config, null, 2)}\n`;
}

export function toMermaidText(machine: AnyStateMachine): string {
  return toMermaid(machineGraph(machine));
}
