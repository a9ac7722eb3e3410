/**
 * Kill Enemy backlash (§4.5b, G-34): after a failed KI action, the victim attacks the caster at
 * once (same phase) in an encounter run by the encounters domain (`killBacklashEncounter`: the
 * victim Berserk, his special plan without FL, the caster on his special plan).
 */
import type { Character } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { killBacklashEncounter } from '../encounters/backlash.ts';

export function killBacklash(ctx: TurnCtx, victim: Character, caster: Character): void {
  killBacklashEncounter(ctx, victim, caster);
}
