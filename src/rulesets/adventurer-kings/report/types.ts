/**
 * How typed events become prose. Each domain exports, from `<domain>/messages.ts`, a table
 * `MESSAGES: Record<eventKind, Renderer>`; the report folder composes the tables and renders a
 * kingdom's events, phase by phase, grouped by character. A renderer writes one or more full
 * sentences in the asked language, from the event and what the reader's kingdom knows
 * (names of places and characters come from `env`, never from hidden state).
 */
import type { Lang } from '../../../engine/ruleset.ts';
import type { AKEvent } from '../events.ts';
import type { AKState } from '../state.ts';

export interface RenderEnv {
  /** The state after the turn (read only). Use it only for what the reader may know. */
  s: AKState;
  /** The reader's kingdom. */
  kingdom: number;
  lang: Lang;
  /** A province as the reader knows it: `Brocéliande (207)` or `207`. */
  province(id: number): string;
  /** A character's name (as the reader knows it), e.g. `Strahd`. */
  character(id: number): string;
  /** An army in battle prose style: `197th Legion` / `197e Légion`. */
  army(id: number, type: string): string;
  /** A kingdom: `the kingdom of Aquilonia (King 3)`. */
  kingdomName(id: number): string;
}

export type Renderer = (e: AKEvent, env: RenderEnv) => string;
export type MessageTable = Record<string, Renderer>;
