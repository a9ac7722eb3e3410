/**
 * The sentences of the season's events (season-types.ts) in French and English side by side
 * (style §4; rules Appendix B): one template per kind (`MSG`, exhaustive by type), arguments filled
 * from the map and the states as the reader knows them; a rumour never names its author (it has
 * none in the event). `eventsFor` gives one reader the events his audience allows.
 */
import { fill, type TemplateArg } from '../../engine/localize.ts';
import type { Lang, Localized } from '../../engine/ruleset.ts';
import type { GruikState, ProvinceId, StateId } from './state.ts';
import type { CivilWarCause, FreedHow, SeasonEvent, SeasonEventKind } from './season-types.ts';
import { CIVIL_WAR_CAUSE } from './words.ts';
import { FLAVOUR_EFFECT, flavourText } from './flavour.ts';

const MSG: Record<SeasonEventKind, Localized> = {
  'taxes': { fr: '{state} — impôts : {net} gruikors (brut {gross}, {cw} saison(s) de guerre civile).', en: '{state} — taxes: {net} gruikors (gross {gross}, {cw} season(s) of civil war).' },
  'tribute': { fr: 'Tribut : {from} verse {amount} gruikors à {to}.', en: 'Tribute: {from} pays {amount} gruikors to {to}.' },
  'ally-demand': { fr: '{master} exige un allié forcé de {tributary} pour son armée {host} : {result}.', en: '{master} demands a forced ally of {tributary} for its army {host}: {result}.' },
  'refused': { fr: '{state} — ordre refusé ({order}) : {message}', en: '{state} — order refused ({order}): {message}' },
  'gift': { fr: 'Don : {from} verse {amount} gruikors à {to}.', en: 'Gift: {from} pays {amount} gruikors to {to}.' },
  'ships-bought': { fr: '{state} — {ships} navires commandés à {at}, prêts la saison prochaine.', en: '{state} — {ships} ships ordered at {at}, ready next season.' },
  'effort': { fr: '{state} — effort militaire de {amount} gruikors : +{bonus} la saison prochaine.', en: '{state} — military effort of {amount} gruikors: +{bonus} next season.' },
  'monument': { fr: '{state} — dépense de prestige à {province} ({cost} gruikors) : +{prestige} prestige.', en: '{state} — prestige expense at {province} ({cost} gruikors): +{prestige} prestige.' },
  'monument-destroyed': { fr: 'Le monument de {province} est détruit{who}.', en: 'The monument in {province} is destroyed{who}.' },
  'temples': { fr: '{state} pille les temples de {province} ({amount} gruikors).', en: '{state} pillages the temples of {province} ({amount} gruikors).' },
  'friendship': { fr: '{from} {change} {to}{auto}.', en: '{from} {change} {to}{auto}.' },
  'cession': { fr: 'Cession : {from} cède {province} à {to}.', en: 'Cession: {from} cedes {province} to {to}.' },
  'tributary': { fr: '{state} devient tributaire de {master} ({how}).', en: '{state} becomes a tributary of {master} ({how}).' },
  'freed': { fr: '{state} n’est plus tributaire de {master} ({how}).', en: '{state} is no longer a tributary of {master} ({how}).' },
  'liberation-announced': { fr: '{master} affranchit {state} à la fin de la saison.', en: '{master} frees {state} at the end of the season.' },
  'civil-war': { fr: 'Guerre civile — {state} : la capitale se révolte ({cause}).', en: 'Civil war — {state}: the capital revolts ({cause}).' },
  'civil-war-over': { fr: 'Fin de la guerre civile — {state}.', en: 'The civil war is over — {state}.' },
  'appointed': { fr: '{state} nomme un nouveau général pour {army} (d6 = {face}).', en: '{state} appoints a new general for {army} (d6 = {face}).' },
  'siege': { fr: 'Siège — {state} assiège {province} (saison {season}).', en: 'Siege — {state} besieges {province} (season {season}).' },
  'siege-roll': { fr: 'Siège de {province} par {state} : d6 = {face}, modificateur {modifier} — {result}.', en: 'Siege of {province} by {state}: d6 = {face}, modifier {modifier} — {result}.' },
  'siege-won': { fr: '{province} tombe aux mains de {state}{how}.', en: '{province} falls to {state}{how}.' },
  'siege-lifted': { fr: 'Le siège de {province} par {state} est levé.', en: 'The siege of {province} by {state} is lifted.' },
  'raid': { fr: 'Raid de {raider} contre {target} : {result}.', en: 'Raid by {raider} on {target}: {result}.' },
  'raid-roll': { fr: 'Raid de {raider} contre {target} : d6 = {face}, modificateur {modifier}.', en: 'Raid by {raider} on {target}: d6 = {face}, modifier {modifier}.' },
  'raid-gain': { fr: 'Butin du raid contre {target} : {amount} gruikors.', en: 'Plunder from the raid on {target}: {amount} gruikors.' },
  'raid-loss': { fr: 'Le raid de {raider} vous coûte {amount} gruikors.', en: 'The raid by {raider} costs you {amount} gruikors.' },
  'annexed': { fr: 'Annexion : {province} appartient désormais à {to}.', en: 'Annexation: {province} now belongs to {to}.' },
  'capital': { fr: '{state} — capitale : {province}.', en: '{state} — capital: {province}.' },
  'season-prestige': { fr: '{state} — prestige {delta} ({why}).', en: '{state} — prestige {delta} ({why}).' },
  'declaration': { fr: 'Déclaration de {author} : « {text} »', en: 'Declaration by {author}: “{text}”' },
  'rumour': { fr: 'Rumeur : « {text} »', en: 'Rumour: “{text}”' },
  'treaty': { fr: 'Traité entre {signatories} : « {text} »', en: 'Treaty between {signatories}: “{text}”' },
  'invasion': { fr: 'Invasion barbare — une armée barbare entre en {province}, chez {state}.', en: 'Barbarian invasion — a barbarian army enters {province}, in the lands of {state}.' },
  'catastrophe': { fr: 'Catastrophe — {state} : {flavour} ({effect}).', en: 'Catastrophe — {state}: {flavour} ({effect}).' },
  'disappeared': { fr: '{state} disparaît : toutes ses provinces sont annexées.', en: '{state} disappears: all its provinces are annexed.' },
  'army-raised': { fr: '{state} lève une nouvelle armée à {province}.', en: '{state} raises a new army at {province}.' },
  'army-disbanded': { fr: '{state} — une armée est dissoute, faute de provinces pour l’entretenir.', en: '{state} — an army is disbanded, for want of provinces to keep it.' },
  'invasion-over': { fr: 'L’invasion barbare chez {state} a pris fin.', en: 'The barbarian invasion of {state} is over.' },
};

const CAUSE: Record<CivilWarCause, Localized> = CIVIL_WAR_CAUSE;
const FREED: Record<FreedHow, Localized> = {
  'liberated': { fr: 'affranchi', en: 'freed' },
  'yoke': { fr: 'joug secoué', en: 'yoke thrown off' },
  'temples': { fr: 'temples pillés par son maître', en: 'temples pillaged by its master' },
  'master-gone': { fr: 'changement de maître', en: 'change of master' },
};
const HOW: Record<'voluntary' | 'automatic' | 'siege', Localized> = {
  voluntary: { fr: 'de son plein gré', en: 'of its own will' },
  automatic: { fr: 'toutes ses provinces occupées', en: 'all its provinces occupied' },
  siege: { fr: 'armée prise dans un siège', en: 'army taken in a siege' },
};
const WHY: Record<'captive' | 'civil-war' | 'deficit', Localized> = {
  'captive': { fr: 'général captif', en: 'general captive' },
  'civil-war': { fr: 'guerre civile', en: 'civil war' },
  'deficit': { fr: 'trésor en déficit', en: 'treasury in deficit' },
};
const SUCCESS: Localized = { fr: 'réussi', en: 'success' };
const FAILURE: Localized = { fr: 'échec', en: 'failure' };

/** One event's sentence in one language. */
export function renderSeasonEvent(s: Pick<GruikState, 'map' | 'realms'>, e: SeasonEvent, lang: Lang): string {
  const province = (p: ProvinceId | null) => (p === null ? { fr: 'aucune', en: 'none' } : s.map.provinces.find((x) => x.id === p)?.name ?? p);
  const state = (st: StateId | null): TemplateArg => {
    if (st === null) return { fr: 'personne', en: 'nobody' };
    const r = s.realms[st];
    if (r?.kind === 'rebels') return fill({ fr: 'les rebelles de {x}', en: 'the rebels of {x}' }, { x: r.name });
    if (r?.kind === 'barbarian') return { fr: 'les barbares', en: 'the barbarians' };
    return r?.name ?? st;
  };
  let args: Record<string, TemplateArg>;
  switch (e.t) {
    case 'taxes': args = { state: state(e.state), net: e.net, gross: e.gross, cw: e.civilWarSeasons }; break;
    case 'tribute': case 'gift': args = { from: state(e.from), to: state(e.to), amount: e.amount }; break;
    case 'refused': args = { state: state(e.state), order: e.order, message: e.message }; break;
    case 'ally-demand': args = { master: state(e.master), tributary: state(e.tributary), host: e.host, result: e.ap === null ? { fr: 'l’armée du tributaire ne peut l’envoyer, l’exigence échoue (§4.5.4)', en: 'the tributary’s army cannot send one, the demand fails (§4.5.4)' } : fill({ fr: '{n} AP envoyés', en: '{n} AP sent' }, { n: e.ap }) }; break;
    case 'ships-bought': args = { state: state(e.state), ships: e.ships, at: province(e.at) }; break;
    case 'effort': args = { state: state(e.state), amount: e.amount, bonus: e.bonus }; break;
    case 'monument': args = { state: state(e.state), province: province(e.province), cost: e.cost, prestige: e.prestige }; break;
    case 'monument-destroyed': args = { province: province(e.province), who: e.state === null ? '' : fill({ fr: ' : {s} perd {n} point(s) de prestige', en: ': {s} loses {n} prestige point(s)' }, { s: state(e.state), n: e.points }) }; break;
    case 'temples': args = { state: state(e.state), province: province(e.province), amount: e.amount }; break;
    case 'friendship': args = {
      from: state(e.from), to: state(e.to),
      change: e.change === 'declared' ? { fr: 'déclare ami', en: 'declares a friend' } : { fr: 'retire son amitié à', en: 'withdraws its friendship from' },
      auto: e.automatic ? { fr: ' (acte hostile)', en: ' (hostile act)' } : '',
    }; break;
    case 'cession': args = { from: state(e.from), to: state(e.to), province: province(e.province) }; break;
    case 'tributary': args = { state: state(e.state), master: state(e.master), how: HOW[e.how] }; break;
    case 'freed': args = { state: state(e.state), master: state(e.master), how: FREED[e.how] }; break;
    case 'liberation-announced': args = { state: state(e.state), master: state(e.master) }; break;
    case 'civil-war': args = { state: state(e.state), cause: CAUSE[e.cause] }; break;
    case 'civil-war-over': case 'disappeared': case 'army-disbanded': case 'invasion-over': args = { state: state(e.state) }; break;
    case 'army-raised': args = { state: state(e.state), province: province(e.province) }; break;
    case 'appointed': args = { state: state(e.state), army: e.army, face: e.face }; break;
    case 'siege': args = { state: state(e.state), province: province(e.province), season: e.season }; break;
    case 'siege-roll': args = { state: state(e.state), province: province(e.province), face: e.face, modifier: e.modifier >= 0 ? `+${e.modifier}` : `${e.modifier}`, result: e.success ? SUCCESS : FAILURE }; break;
    case 'siege-won': args = {
      state: state(e.state), province: province(e.province),
      how: e.surrendered ? { fr: ' (reddition)', en: ' (surrender)' } : fill({ fr: ' (forteresse pillée : {n} gruikors)', en: ' (fortress pillaged: {n} gruikors)' }, { n: e.pillage }),
    }; break;
    case 'siege-lifted': args = { state: state(e.state), province: province(e.province) }; break;
    case 'raid': args = { raider: state(e.raider), target: state(e.target), result: e.success ? SUCCESS : FAILURE }; break;
    case 'raid-roll': args = { raider: state(e.raider), target: state(e.target), face: e.face, modifier: e.modifier >= 0 ? `+${e.modifier}` : `${e.modifier}` }; break;
    case 'raid-gain': case 'raid-loss': args = { raider: state(e.raider), target: state(e.target), amount: e.amount }; break;
    case 'annexed': args = { province: province(e.province), to: state(e.to) }; break;
    case 'capital': args = { state: state(e.state), province: province(e.province) }; break;
    case 'season-prestige': args = { state: state(e.state), delta: e.delta, why: WHY[e.why] }; break;
    case 'declaration': args = { author: state(e.author), text: e.text }; break;
    case 'rumour': args = { text: e.text }; break;
    case 'treaty': {
      const names = e.signatories.map((x) => state(x)).map((n) => (typeof n === 'object' ? n[lang] : String(n)));
      args = { signatories: names.join(', '), text: e.text };
      break;
    }
    case 'invasion': args = { state: state(e.state), province: province(e.province) }; break;
    case 'catastrophe': args = { state: state(e.state), flavour: flavourText(e.kind, e.flavour), effect: FLAVOUR_EFFECT[e.kind] }; break;
  }
  return fill(MSG[e.t], args)[lang];
}

/** The events one reader may see: the public ones and those whose audience includes him (style §5). */
export function eventsFor(events: readonly SeasonEvent[], viewer: StateId | null): SeasonEvent[] {
  return events.filter((e) => e.audience.length === 0 || (viewer !== null && e.audience.includes(viewer)));
}
