/**
 * A fleet's season order and its standing policy, rules §7.14 step 1 and §7.15 [T §7.2, §7.8,
 * §9.1; P §7.5, A-04, A-27]: up to FLEET_MP actions (move to an adjacent zone, embark troops,
 * disembark them, raid a coast), each 1 MP [T §7.2], and an end posture (a coast, in port, or a
 * blockade). `navalOrderRefusal` checks an order against the fleet's planned route, as S3.1 will:
 * each refusal typed, in French and English, numbers from the constants.
 *
 * Checked here [T §7.2; P §7.5]: a force embarks where the fleet's zone touches its province, has
 * not moved by land or reacted, is its state's own and not joined to another army (joined forces
 * travel with their host), and the fleet never carries more than FLEET_CAPACITY_AP; a landing is on
 * a coast of the fleet's zone; a detachment lands in a province that is not friendly only with a
 * main army of the same landing (§5.2); at most one raid a season, never on a state the raider
 * declared friend [T §9.1; P A-04]; a blockade only of a hostile province on the final zone [T §7.8].
 */
import type { Localized } from '../../../engine/ruleset.ts';
import { indexMap, type MapIndex } from '../map.ts';
import type { FleetId, ForceId, GruikState, ProvinceId, SeaZoneId, StateId } from '../state.ts';
import { actsAsMainArmy } from './army-size.ts';
import { apAboard, forcesAboard, portFor } from './naval-position.ts';
import { refuse, type Refusal } from './refusal.ts';
import { friendlyProvinceFor, hostile, protectedPair } from './relations.ts';

export type NavalAction =
  | { do: 'move'; to: SeaZoneId }
  | { do: 'embark'; forces: ForceId[] }
  /** Lands the forces named (default: all aboard) on the coast of `at`. */
  | { do: 'disembark'; at: ProvinceId; forces?: ForceId[] }
  /** Approaches the coast of `at` to raid its controller (S7 resolves the raid) [T §9.1]. */
  | { do: 'raid'; at: ProvinceId };

/** [P §7.15] The standing naval policy; any field missing takes the default (constants `naval.policy*`). */
export interface NavalPolicy {
  /** Enemy ships ÷ own ships at most this (the detected size is approximate), or always, or never. */
  interceptIf: { maxEnemyRatio: number } | 'always' | 'never';
  onIntercepted: 'battle' | 'retreat' | 'continue' | 'stay' | 'port' | { battleIfRatioAtLeast: number; else: 'retreat' | 'continue' | 'port' };
  pursueAfterWin: boolean;
  /** [T §5.4; P A-35] bar hostile troops from the strait beside it (read by S4 as `allowing`). */
  blockStraits: boolean;
  /**
   * [P §7.15, §11.6] Interactive mode: the owner is asked at each detection (intercept or not) and
   * each interception (the target's answer) in a naval round (`naval-round`, NAVAL_ROUND_HOURS);
   * silence answers by the rest of this policy. Absent or false: the policy answers at once.
   */
  ask?: boolean;
}

export interface NavalOrder {
  fleet: FleetId;
  actions: NavalAction[];
  /** The end posture [P §7.14]: the coast to stand off, in port there, or the province blockaded (on the final zone). */
  end?: { coast?: ProvinceId; port?: boolean; blockade?: ProvinceId };
  policy?: Partial<NavalPolicy>;
}

/** [P §7.15] Each fleet's standing policy, as its owner last set it (the flow keeps it from season to season, flow.ts). */
export type StandingPolicies = Record<FleetId, Partial<NavalPolicy>>;

/**
 * [P §7.15] The policy in force for a fleet: the defaults, under its standing policy, under the
 * season order's own (which the flow also keeps as the new standing policy: §7.15 knows no policy
 * for one season only).
 */
export function policyOf(s: GruikState, order?: NavalOrder, standing?: Partial<NavalPolicy>): NavalPolicy {
  return {
    interceptIf: { maxEnemyRatio: s.config.naval.policyInterceptMaxRatio },
    onIntercepted: { battleIfRatioAtLeast: s.config.naval.policyBattleRatio, else: 'port' },
    pursueAfterWin: false,
    blockStraits: true,
    ...(standing ?? {}),
    ...(order?.policy ?? {}),
  };
}

/**
 * [T §5.4, §7.2; P A-35, §7.15] The fleets whose policy lets hostile troops cross the strait beside
 * them: S4's `allowing`. A fleet with no order this season follows its standing policy (default: it blocks).
 */
export function fleetsAllowingPassage(s: GruikState, orders: readonly NavalOrder[], standing: StandingPolicies = {}): FleetId[] {
  const orderOf = (id: FleetId) => orders.find((o) => o.fleet === id);
  return Object.keys(s.fleets).filter((id) => !policyOf(s, orderOf(id), Object.hasOwn(standing, id) ? standing[id] : undefined).blockStraits).sort();
}

export type NavalRefusal = 'unknown-fleet' | 'no-ships' | 'too-many' | 'not-adjacent' | 'unknown-force' | 'not-own' | 'not-on-coast' | 'moved' | 'joined' | 'fortress' | 'twice-aboard'
  | 'capacity' | 'not-aboard' | 'landing-coast' | 'detachment-alone' | 'raid-twice' | 'raid-coast' | 'raid-friend' | 'raid-protected' | 'end-coast' | 'blockade' | 'port' | 'repeated';

export const NAVAL_REFUSALS: Record<NavalRefusal, Localized> = {
  'unknown-fleet': { fr: 'Cette flotte n’existe pas ou n’est pas la vôtre.', en: 'There is no such fleet of yours.' },
  'no-ships': { fr: 'Une flotte sans navire ne bouge pas.', en: 'A fleet without ships does not sail.' },
  'too-many': { fr: 'Une flotte dispose de {max} points de mouvement par saison : au plus {max} actions.', en: 'A fleet has {max} movement points a season: at most {max} actions.' },
  'not-adjacent': { fr: 'La zone « {to} » n’est pas voisine de « {from} ».', en: 'Zone "{to}" does not neighbour "{from}".' },
  'unknown-force': { fr: 'Cette force n’existe pas.', en: 'There is no such force.' },
  'not-own': { fr: 'Une flotte n’embarque que les forces de son propre état.', en: 'A fleet embarks only its own state’s forces.' },
  'not-on-coast': { fr: 'La force doit se trouver dans une province de la côte où est la flotte (« {zone} »).', en: 'The force must stand in a province on the coast where the fleet is ("{zone}").' },
  'moved': { fr: 'Une force qui a marché ou réagi cette saison n’embarque pas.', en: 'A force that marched or reacted this season does not embark.' },
  'joined': { fr: 'Une force qui a rejoint une armée embarque avec elle.', en: 'A force that joined an army embarks with it.' },
  'fortress': { fr: 'Une force retranchée dans la forteresse n’embarque pas.', en: 'A force inside the fortress does not embark.' },
  'twice-aboard': { fr: 'Cette force est déjà à bord.', en: 'This force is already aboard.' },
  'capacity': { fr: 'Une flotte porte au plus {max} AP de troupes ({n} demandés).', en: 'A fleet carries at most {max} AP of troops ({n} asked).' },
  'not-aboard': { fr: 'Cette force n’est pas à bord de la flotte.', en: 'This force is not aboard the fleet.' },
  'landing-coast': { fr: 'La flotte ne débarque que sur une côte de sa zone (« {zone} »).', en: 'The fleet lands troops only on a coast of its zone ("{zone}").' },
  'detachment-alone': { fr: 'Un détachement ne débarque en province non amie qu’avec une armée principale débarquée avec lui.', en: 'A detachment lands in a province that is not friendly only with a main army landing with it.' },
  'raid-twice': { fr: 'Une flotte participe à un raid au plus par saison.', en: 'A fleet takes part in at most one raid a season.' },
  'raid-coast': { fr: 'Le raid vise une province ennemie sur une côte de la zone de la flotte.', en: 'A raid targets an enemy province on a coast of the fleet’s zone.' },
  'raid-friend': { fr: 'Pas de raid contre un état que vous avez déclaré ami.', en: 'No raid against a state you declared friend.' },
  'raid-protected': { fr: 'Pas de raid entre un maître et son tributaire, ni entre états qu’un même maître protège.', en: 'No raid between a master and its tributary, nor between states one master protects.' },
  'end-coast': { fr: 'La côte choisie doit border la zone où la flotte finit (« {zone} »).', en: 'The chosen coast must border the zone where the fleet ends ("{zone}").' },
  'blockade': { fr: 'Le blocus vise une province ennemie qui borde la zone où la flotte finit (« {zone} »).', en: 'A blockade targets an enemy province bordering the zone where the fleet ends ("{zone}").' },
  'port': { fr: 'Le port choisi doit être celui d’une province contrôlée par vous ou par un état qui vous a déclaré ami.', en: 'The chosen port must be in a province controlled by you or by a state that declared you a friend.' },
  'repeated': { fr: 'Une flotte reçoit un seul ordre par saison.', en: 'A fleet receives one order a season.' },
};

type Outcome = Refusal<NavalRefusal> | null;
const no = (reason: NavalRefusal, args: Record<string, string | number> = {}): Outcome => refuse(NAVAL_REFUSALS, reason, args);

/** Why a fleet's order may not stand (S3.1), or null; `by` is the state giving it, when known. */
export function navalOrderRefusal(s: GruikState, order: NavalOrder, by?: StateId, ix: MapIndex = indexMap(s.map)): Outcome {
  const f = s.fleets[order.fleet];
  if (!f || (by !== undefined && f.state !== by)) return no('unknown-fleet');
  if (f.ships <= 0) return no('no-ships');
  const max = s.config.naval.fleetMp;
  if (order.actions.length > max) return no('too-many', { max });
  const zoneName = (z: SeaZoneId) => ix.zone[z]?.name ?? z;
  let zone = f.zone;
  let aboard = forcesAboard(s, f.id).filter((x) => f.embarked.includes(x));
  const embarked = new Set<ForceId>();
  let raids = 0;
  for (const a of order.actions) {
    if (a.do === 'move') {
      if (!ix.zone[a.to] || !ix.zone[zone]!.neighbours.some((n) => n.zone === a.to)) return no('not-adjacent', { from: zoneName(zone), to: ix.zone[a.to]?.name ?? a.to });
      zone = a.to;
    } else if (a.do === 'embark') {
      for (const id of a.forces) {
        const g = s.armies[id] ?? s.detachments[id];
        if (!g) return no('unknown-force');
        if (g.state !== f.state) return no('not-own');
        if (aboard.includes(id) || embarked.has(id)) return no('twice-aboard');
        if (g.hostArmy) return no('joined');
        if (typeof g.location !== 'string' || g.location === 'captured' || !(ix.zoneCoasts[zone] ?? []).includes(g.location)) return no('not-on-coast', { zone: zoneName(zone) });
        if (g.moved) return no('moved');
        if (g.inFortress) return no('fortress');
        embarked.add(id);
        aboard = [...aboard, id];
      }
      const n = aboard.reduce((sum, x) => sum + apAboard(s, x), 0);
      if (n > s.config.naval.capacityAp) return no('capacity', { max: s.config.naval.capacityAp, n });
    } else if (a.do === 'disembark') {
      if (!(ix.zoneCoasts[zone] ?? []).includes(a.at)) return no('landing-coast', { zone: zoneName(zone) });
      const landing = a.forces ?? aboard;
      if (landing.some((x) => !aboard.includes(x))) return no('not-aboard');
      const main = (x: ForceId) => !!s.armies[x] && actsAsMainArmy(s, x); // an army under the threshold lands as a detachment would [P A-08]
      if (!friendlyProvinceFor(s, a.at, f.state) && landing.some((x) => !main(x)) && !landing.some(main)) return no('detachment-alone');
      aboard = aboard.filter((x) => !landing.includes(x));
    } else {
      if (++raids > 1) return no('raid-twice');
      const target = s.provinces[a.at]?.controller;
      if (!(ix.zoneCoasts[zone] ?? []).includes(a.at) || !target || target === f.state) return no('raid-coast');
      if (s.realms[f.state]!.friendsDeclared.includes(target)) return no('raid-friend');
      if (protectedPair(s, f.state, target)) return no('raid-protected'); // [T §11.3]
    }
  }
  const end = order.end;
  if (end?.coast !== undefined && !(ix.zoneCoasts[zone] ?? []).includes(end.coast)) return no('end-coast', { zone: zoneName(zone) });
  if (end?.port && !(end.coast !== undefined ? portFor(s, end.coast, f.state) : (ix.zoneCoasts[zone] ?? []).some((p) => portFor(s, p, f.state)))) return no('port');
  if (end?.blockade !== undefined) {
    const c = s.provinces[end.blockade]?.controller;
    if (!(ix.zoneCoasts[zone] ?? []).includes(end.blockade) || !c || !hostile(s, f.state, c)) return no('blockade', { zone: zoneName(zone) });
  }
  return null;
}
