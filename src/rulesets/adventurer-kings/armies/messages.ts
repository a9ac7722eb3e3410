/**
 * Prose renderers of the armies domain's events (see report/types.ts), in French and English:
 * moves, bumps, DE, recruitment and army transfers, and the battle narratives column by column,
 * in the tone of the S8.6 legion extract ("On the right wing, the 197th Legion faced the 194th
 * Phalanx…").
 */
import type { AKEvent } from '../events.ts';
import { capital, ecus, listJoin, QUALITY_NAMES, theArmy } from '../report/names.ts';
import type { MessageTable, RenderEnv } from '../report/types.ts';
import type { Quality } from '../state.ts';

type Ref = { id: number; type: string; line?: number; outflank?: boolean; target?: number };

const L = (env: RenderEnv, fr: string, en: string): string => (env.lang === 'fr' ? fr : en);
const refs = (x: unknown): Ref[] => (Array.isArray(x) ? (x as Ref[]) : []);
const who = (e: AKEvent, env: RenderEnv): string => (typeof e.who === 'number' ? env.character(e.who) : L(env, 'Le commandant de la garnison', 'The Garrison Commander'));
const fem = (env: RenderEnv, id: unknown): boolean => typeof id === 'number' && env.s.characters[id]?.sex === 'F';
const e_ = (env: RenderEnv, id: unknown): string => (fem(env, id) ? 'e' : '');
const his = (env: RenderEnv, id: unknown): string => (fem(env, id) ? 'her' : 'his');
const army = (env: RenderEnv, r: Ref): string => theArmy(r.id, r.type, env.lang);
/** French "de" + the army: `de la 197e Légion`, `du 117e Dragon`. */
const du = (r: Ref): string => theArmy(r.id, r.type, 'fr').replace(/^(la|le) /, (m) => (m === 'la ' ? 'de la ' : 'du '));
/** French "à" + the army: `à la 197e Légion`, `au 117e Dragon`. */
const au = (r: Ref): string => theArmy(r.id, r.type, 'fr').replace(/^(la|le) /, (m) => (m === 'la ' ? 'à la ' : 'au '));
const Army = (env: RenderEnv, r: Ref): string => capital(army(env, r));
const armies = (env: RenderEnv, list: unknown): string => listJoin(refs(list).map((r) => army(env, r)), env.lang);
const prov = (env: RenderEnv, id: unknown): string => (typeof id === 'number' ? env.province(id) : '?');
const kings = (env: RenderEnv, list: unknown): string => {
  const ks = Array.isArray(list) ? (list as (number | null)[]) : [];
  if (!ks.length || ks.every((k) => k === null)) return L(env, 'les défenseurs indigènes', 'the native defenders');
  return listJoin(ks.map((k) => (k === null ? L(env, 'les indigènes', 'the natives') : k === env.kingdom ? L(env, 'nos troupes', 'our troops') : env.kingdomName(k))), env.lang);
};
const quality = (env: RenderEnv, q: unknown): string => QUALITY_NAMES[(typeof q === 'number' ? q : 1) as Quality]?.[env.lang] ?? String(q);
const plural = (e: AKEvent, env: RenderEnv): boolean => {
  const att = Array.isArray(e.attackers) ? (e.attackers as number[]) : [];
  return att.length > 1 || att.includes(env.kingdom);
};
const ourSide = (e: AKEvent, env: RenderEnv): 'A' | 'D' | null => {
  const att = Array.isArray(e.attackers) ? (e.attackers as number[]) : [];
  if (att.includes(env.kingdom)) return 'A';
  return 'D';
};

/** Where a column lies on the front (S8.6: "on the right wing"). */
function wing(env: RenderEnv, col: number, of: number): string {
  if (of <= 1) return L(env, 'Sur ce front étroit', 'On the narrow front');
  if (col === 0) return L(env, 'Sur l’aile gauche', 'On the left wing');
  if (col === of - 1) return L(env, 'Sur l’aile droite', 'On the right wing');
  if (of % 2 === 1 && col === (of - 1) / 2) return L(env, 'Au centre', 'In the centre');
  return col < of / 2 ? L(env, 'Au centre gauche', 'On the left centre') : L(env, 'Au centre droit', 'On the right centre');
}

function column(e: AKEvent, env: RenderEnv): string {
  const a = refs(e.a), d = refs(e.d), sa = refs(e.sa), sd = refs(e.sd);
  const col = Number(e.col), of = Number(e.of);
  const frontA = a.find((u) => !u.line) ?? a[0], frontD = d.find((u) => !u.line) ?? d[0];
  const out: string[] = [];
  if (frontA && frontD) out.push(L(env, `${wing(env, col, of)}, ${army(env, frontA)} fit face ${au(frontD)}.`, `${wing(env, col, of)}, ${army(env, frontA)} faced ${army(env, frontD)}.`));
  else if (frontA || frontD) out.push(`${wing(env, col, of)}, ${army(env, (frontA ?? frontD)!)} ${L(env, 'tenait la ligne.', 'held the line.')}`);
  for (const [list, front] of [[a, frontA], [d, frontD]] as const) {
    const flank = list.filter((u) => u !== front && u.outflank);
    const rear = list.filter((u) => u !== front && !u.outflank);
    if (flank.length) out.push(L(env, `${capital(armies(env, flank))} déborda l’ennemi par le flanc.`, `${capital(armies(env, flank))} swept round the enemy flank.`));
    if (rear.length) out.push(L(env, `En seconde ligne, ${armies(env, rear)} soutenait l’assaut.`, `In the second line, ${armies(env, rear)} stood in support.`));
  }
  const all = [...a, ...d];
  for (const s of [...sa, ...sd]) {
    const t = all.find((u) => u.id === s.target);
    const flying = s.type === 'DR' || s.type === 'EA';
    if (t) out.push(L(env, `${Army(env, s)} ${flying ? 'se jeta du ciel sur' : 'surgit des flots contre'} ${army(env, t)} et attaqua sans merci.`, `${Army(env, s)} ${flying ? 'hurled itself from the sky at' : 'rose from the waters against'} ${army(env, t)} and attacked without mercy.`));
  }
  if (e.monster) out.push(L(env, 'Un monstre de la contrée se rua dans la mêlée aux côtés des Druides.', 'A monster of the land charged into the fray beside the Druids.'));
  const ev = e.event as { side: 'A' | 'D'; army?: Ref; variant: number } | undefined;
  if (ev) {
    const favoured = ev.army;
    const victim = ev.side === 'A' ? frontD : frontA;
    if (ev.variant === 0 && victim) out.push(L(env, `Dans cet engagement, l’étendard ${du(victim)} fut pris lors d’une attaque surprise. Certains perdirent courage, mais d’autres redoublèrent d’efforts pour reprendre leur emblème.`, `In this engagement the standard of ${army(env, victim)} was captured in a surprise attack. Some lost heart, but others redoubled their efforts to regain their emblem.`));
    else if (ev.variant === 1 && favoured) out.push(L(env, `${Army(env, favoured)} trouva une hauteur propice et prit l’ennemi en écharpe.`, `${Army(env, favoured)} found a fold in the ground and took the enemy in enfilade.`));
    else if (favoured) out.push(L(env, `Une rumeur de victoire courut dans les rangs ${du(favoured)}, qui chargea avec une ardeur nouvelle.`, `A rumour of victory ran through the ranks of ${army(env, favoured)}, which charged with fresh ardour.`));
  }
  const winner = e.winner === 'A' ? frontA : frontD;
  const loser = e.winner === 'A' ? frontD : frontA;
  if (winner && loser) {
    out.push(Number(e.battle) % 2 === 0
      ? L(env, `${Army(env, loser)} se battit vaillamment contre ${army(env, winner)}, mais fut sans cesse repoussé${loser.type === 'LE' || loser.type === 'PH' || loser.type === 'FL' || loser.type === 'GA' || loser.type === 'LC' || loser.type === 'HC' || loser.type === 'WH' ? 'e' : ''}.`, `${Army(env, loser)} fought bravely against ${army(env, winner)}, but was constantly pushed back.`)
      : L(env, `${Army(env, winner)} enfonça les rangs ${du(loser)}.`, `${Army(env, winner)} broke the ranks of ${army(env, loser)}.`));
  }
  return out.join(' ');
}

export const MESSAGES: MessageTable = {
  // ── Movement ──
  'army-move': (e, env) => {
    const list = refs(e.armies);
    const p = prov(env, e.at);
    if (!list.length) return L(env, `${who(e, env)} se rendit à ${p}.`, `${who(e, env)} travelled to ${p}.`);
    const by = e.naval ? L(env, ' par la mer', ' by sea') : '';
    if (e.invade) return L(env, `${who(e, env)} envahit ${p}${by} à la tête de ses troupes : ${armies(env, list)}.`, `${who(e, env)} invaded ${p}${by} at the head of ${his(env, e.who)} troops: ${armies(env, list)}.`);
    return L(env, `${who(e, env)} mena ${armies(env, list)} jusqu’à ${p}${by}.`, `${who(e, env)} led ${armies(env, list)} to ${p}${by}.`);
  },
  'move-bounced': (e, env) => L(env,
    `${who(e, env)} voulut entrer dans ${prov(env, e.target)}, mais ce royaume est neutre : ses armées restèrent à ${prov(env, e.at)}.`,
    `${who(e, env)} meant to enter ${prov(env, e.target)}, but that kingdom is Neutral: ${his(env, e.who)} armies stayed in ${prov(env, e.at)}.`),
  'merc-follow': (e, env) => L(env,
    `Des mercenaires, ${army(env, e.army as Ref)}, emboîtèrent le pas à ${who(e, env)} jusqu’à ${prov(env, e.at)}.`,
    `Mercenaries, ${army(env, e.army as Ref)}, tagged along behind ${who(e, env)} to ${prov(env, e.at)}.`),
  'army-unify': (e, env) => e.ok
    ? L(env, `${who(e, env)} fit sa jonction avec ${typeof e.with === 'number' ? env.character(e.with) : 'l’armée principale'} devant ${prov(env, e.at)}.`, `${who(e, env)} joined forces with ${typeof e.with === 'number' ? env.character(e.with) : 'the main army'} before ${prov(env, e.at)}.`)
    : L(env, `${who(e, env)} arriva trop tard pour unir ses forces à celles ${typeof e.with === 'number' ? `de ${env.character(e.with)}` : 'de l’armée principale'} : il combattrait seul.`, `${who(e, env)} arrived too late to join ${typeof e.with === 'number' ? env.character(e.with) : 'the main army'}: ${fem(env, e.who) ? 'she' : 'he'} would fight alone.`),
  'defend-set': (e, env) => L(env, `${who(e, env)} prit position pour défendre les environs de ${prov(env, e.at)}.`, `${who(e, env)} took position to defend the lands around ${prov(env, e.at)}.`),
  'defend-react': (e, env) => L(env, `Apprenant l’invasion, et fidèle à son ordre de défense, ${who(e, env)} quitta ${prov(env, e.from)} et porta ses troupes au secours de ${prov(env, e.at)}.`, `Hearing of the invasion, and true to ${his(env, e.who)} orders to defend, ${who(e, env)} left ${prov(env, e.from)} and led ${his(env, e.who)} troops to the rescue of ${prov(env, e.at)}.`),
  'counter-attack': (e, env) => L(env, `Grisé${e_(env, e.who)} par la victoire, ${who(e, env)} contre-attaqua aussitôt à ${prov(env, e.at)}.`, `Flushed with victory, ${who(e, env)} counter-attacked at once in ${prov(env, e.at)}.`),

  // ── Recruitment and transfers ──
  'army-recruited': (e, env) => {
    const list = refs(e.armies) as (Ref & { quality: number; mercenary: boolean; imported: boolean })[];
    const parts = list.map((a) => `${army(env, a)} (${quality(env, a.quality)}${a.mercenary ? L(env, ', mercenaires', ', mercenaries') : ''}${a.imported ? L(env, ', armes importées', ', imported weapons') : ''})`);
    const lead = typeof e.leader === 'number' ? L(env, `, sous le commandement de ${env.character(e.leader)}`, `, under the command of ${env.character(e.leader)}`) : L(env, ', pour la garnison', ', for the garrison');
    return L(env, `${who(e, env)} leva à ${prov(env, e.at)} ${listJoin(parts, 'fr')}${lead}, pour ${ecus(Number(e.cost), 'fr')}.`, `${who(e, env)} raised in ${prov(env, e.at)} ${listJoin(parts, 'en')}${lead}, for ${ecus(Number(e.cost), 'en')}.`);
  },
  'army-picked': (e, env) => L(env, `${who(e, env)} prit le commandement ${refs(e.armies).length > 1 ? 'des armées' : 'de l’armée'} ${armies(env, e.armies)}.`, `${who(e, env)} took command of ${armies(env, e.armies)}.`),
  'army-left': (e, env) => {
    const out: string[] = [];
    if (refs(e.armies).length) out.push(typeof e.receiver === 'number'
      ? L(env, `${who(e, env)} confia ${armies(env, e.armies)} à ${env.character(e.receiver)}.`, `${who(e, env)} handed ${armies(env, e.armies)} over to ${env.character(e.receiver)}.`)
      : L(env, `${who(e, env)} laissa ${armies(env, e.armies)} en garnison à ${prov(env, e.at)}.`, `${who(e, env)} left ${armies(env, e.armies)} to garrison ${prov(env, e.at)}.`));
    if (refs(e.buried).length) out.push(L(env, `Privés de leur maître, ${armies(env, e.buried)} retournèrent sous terre.`, `Bereft of their master, ${armies(env, e.buried)} sank back beneath the earth.`));
    return out.join(' ');
  },
  'army-dispersed': (e, env) => L(env, `Sur l’ordre de ${who(e, env)}, ${armies(env, e.armies)} ${refs(e.armies).length > 1 ? 'furent licenciées et devinrent' : 'fut licenciée et devint'} des mercenaires sans emploi.`, `At ${who(e, env)}’s command, ${armies(env, e.armies)} ${refs(e.armies).length > 1 ? 'were' : 'was'} disbanded and became unemployed mercenaries.`),
  'army-deserted': (e, env) => L(env, `Faute de solde, ${army(env, e.army as Ref)} déserta à ${prov(env, e.at)} et se vendit comme mercenaire.`, `Unpaid, ${army(env, e.army as Ref)} deserted in ${prov(env, e.at)} and turned mercenary.`),
  'army-unpaid': (e, env) => L(env, `Faute de solde, ${army(env, e.army as Ref)} perdit courage (désormais ${quality(env, e.quality)}).`, `Unpaid, ${army(env, e.army as Ref)} lost heart (now ${quality(env, e.quality)}).`),

  // ── Battles ──
  'battle': (e, env) => {
    const cmd = e.commanders as { A: number | null; D: number | null };
    const c = (id: number | null) => (id === null ? L(env, 'le commandant de la garnison', 'the Garrison Commander') : env.character(id));
    return L(env,
      `Bataille à ${prov(env, e.at)} ! ${capital(kings(env, e.attackers))} ${plural(e, env) ? 'attaquent' : 'attaque'} ${kings(env, e.defenders)}. ${capital(c(cmd.A))} commande les assaillants, ${c(cmd.D)} les défenseurs.`,
      `Battle in ${prov(env, e.at)}! ${capital(kings(env, e.attackers))} ${plural(e, env) ? 'attack' : 'attacks'} ${kings(env, e.defenders)}. ${capital(c(cmd.A))} commands the attackers, ${c(cmd.D)} the defenders.`);
  },
  'battle-monster': (e, env) => L(env, `Au moment de l’assaut, ${String(e.name)} sortit de son repaire pour combattre aux côtés des Druides.`, `As the armies closed, ${String(e.name)} came out of its lair to fight beside the Druids.`),
  'battle-event': (e, env) => {
    const a = e.army as Ref | undefined;
    if (!a) return L(env, 'Un présage favorable galvanisa l’une des armées.', 'A favourable omen galvanised one of the armies.');
    return [
      L(env, `Avant même le choc, un aigle survola ${army(env, a)} : les soldats y virent un signe des dieux et se battirent comme des lions.`, `Before the clash an eagle wheeled above ${army(env, a)}: the soldiers took it for a sign from the gods and fought like lions.`),
      L(env, `Le brouillard du matin cacha les manœuvres de ${army(env, a)}, qui surprit l’ennemi sur toute la ligne.`, `The morning mist hid the manoeuvres of ${army(env, a)}, which surprised the enemy all along the line.`),
      L(env, `Une harangue enflammée parcourut les rangs autour de ${army(env, a)} ; tout le camp s’en trouva ragaillardi.`, `A fiery harangue ran through the ranks around ${army(env, a)}; the whole host took heart.`),
    ][Number(e.variant) % 3]!;
  },
  'battle-column': column,
  'battle-result': (e, env) => {
    const side = ourSide(e, env);
    const winner = e.winner as 'A' | 'D';
    const won = side === winner;
    const lost = refs(e.destroyed);
    const cols = Array.isArray(e.columns) ? (e.columns as string[]) : [];
    const nA = cols.filter((c) => c === 'A').length;
    const head = won ? L(env, `Victoire à ${prov(env, e.at)} !`, `Victory in ${prov(env, e.at)}!`) : L(env, `Défaite à ${prov(env, e.at)}.`, `Defeat in ${prov(env, e.at)}.`);
    const score = L(env, ` Les ${winner === 'A' ? 'assaillants' : 'défenseurs'} l’emportèrent sur ${Math.max(nA, cols.length - nA)} colonne${Math.max(nA, cols.length - nA) > 1 ? 's' : ''} sur ${cols.length}.`, ` The ${winner === 'A' ? 'attackers' : 'defenders'} carried ${Math.max(nA, cols.length - nA)} column${Math.max(nA, cols.length - nA) > 1 ? 's' : ''} of ${cols.length}.`);
    const dead = lost.length ? L(env, ` Furent anéantis : ${armies(env, lost)}.`, ` Destroyed: ${armies(env, lost)}.`) : L(env, ' Aucune armée ne fut anéantie.', ' No army was destroyed.');
    const red = refs(e.reduced).length ? L(env, ` ${capital(armies(env, e.reduced))} regagna ses navires, décimé${refs(e.reduced).length > 1 ? 's' : ''}.`, ` ${capital(armies(env, e.reduced))} fell back to the ships, shattered.`) : '';
    return head + score + dead + red;
  },
  'battle-quality': (e, env) => {
    const ch = Array.isArray(e.changes) ? (e.changes as { army: number; type: string; from: number; to: number }[]) : [];
    const up = ch.filter((c) => c.to > c.from), down = ch.filter((c) => c.to < c.from);
    const out: string[] = [];
    if (up.length) out.push(L(env, `Aguerri${up.length > 1 ? 's' : ''} par le combat, ${listJoin(up.map((c) => `${theArmy(c.army, c.type, 'fr')} (${quality(env, c.to)})`), 'fr')} ${up.length > 1 ? 'gagnèrent' : 'gagna'} en valeur.`, `Hardened by the fight, ${listJoin(up.map((c) => `${theArmy(c.army, c.type, 'en')} (${quality(env, c.to)})`), 'en')} gained in worth.`));
    if (down.length) out.push(L(env, `Éprouvé${down.length > 1 ? 's' : ''}, ${listJoin(down.map((c) => `${theArmy(c.army, c.type, 'fr')} (${quality(env, c.to)})`), 'fr')} ${down.length > 1 ? 'perdirent' : 'perdit'} de leur superbe.`, `Shaken, ${listJoin(down.map((c) => `${theArmy(c.army, c.type, 'en')} (${quality(env, c.to)})`), 'en')} lost some of their edge.`));
    return out.join(' ');
  },
  'battle-pursuit': (e, env) => {
    const p = e.pursuer as Ref, t = e.target as Ref;
    if (!e.caught) return L(env, `${Army(env, p)} se lança à la poursuite ${du(t)}, qui lui échappa.`, `${Army(env, p)} gave chase to ${army(env, t)}, which got away.`);
    return e.destroyed
      ? L(env, `${Army(env, p)} rattrapa ${army(env, t)} dans sa fuite et le tailla en pièces.`, `${Army(env, p)} caught ${army(env, t)} in its flight and cut it to pieces.`)
      : L(env, `${Army(env, p)} rattrapa ${army(env, t)}, qui fit front et repoussa ses poursuivants.`, `${Army(env, p)} caught up with ${army(env, t)}, which turned and drove off its pursuers.`);
  },
  'battle-retreat': (e, env) => L(env, `${capital(armies(env, e.armies))} battit en retraite vers ${prov(env, e.target)}.`, `${capital(armies(env, e.armies))} retreated to ${prov(env, e.target)}.`),
  'battle-dispersed': (e, env) => {
    const out: string[] = [];
    if (refs(e.dispersed).length) out.push(L(env, `Sans retraite possible, ${armies(env, e.dispersed)} se débanda et se fondit dans la population.`, `With no way out, ${armies(env, e.dispersed)} broke and melted into the population.`));
    if (refs(e.mercenaries).length) out.push(L(env, `${capital(armies(env, e.mercenaries))}, coupé de tout, se vendit comme mercenaire.`, `${capital(armies(env, e.mercenaries))}, cut off, sold its swords as mercenaries.`));
    return out.join(' ');
  },
  'province-conquered': (e, env) => {
    const k = Number(e.kingdom);
    if (k === env.kingdom) return L(env, `${capital(prov(env, e.at))} est conquise ! La province fait désormais partie du royaume.`, `${capital(prov(env, e.at))} is conquered! The province is now part of the kingdom.`);
    if (e.from === env.kingdom) return L(env, `${capital(prov(env, e.at))} est tombée aux mains ${env.lang === 'fr' ? 'du ' : 'of '}${env.kingdomName(k)}.`, `${capital(prov(env, e.at))} has fallen to ${env.kingdomName(k)}.`);
    return L(env, `${capital(prov(env, e.at))} revient à ${env.kingdomName(k)}, qui y a le plus de troupes.`, `${capital(prov(env, e.at))} goes to ${env.kingdomName(k)}, which has the most troops there.`);
  },
  'ruler-unseated': (e, env) => L(env, `Chassé${e_(env, e.who)} de son trône, ${who(e, env)} erre désormais vers ${prov(env, e.target)}.`, `Driven from ${his(env, e.who)} throne, ${who(e, env)} now wanders toward ${prov(env, e.target)}.`),
  'province-contested': (e, env) => {
    const base = L(env, `${capital(prov(env, e.at))} est désormais contestée : aucun camp n’a pu chasser l’autre.`, `${capital(prov(env, e.at))} is now contested: neither side could drive the other out.`);
    return base + (e.force
      ? L(env, ' Les assaillants reprendront le combat à la saison suivante.', ' The attackers will renew the fight next season.')
      : L(env, ' Les deux armées établissent leur camp en attendant le printemps.', ' Both armies make camp and wait for spring.'));
  },
  'were-bite': (e, env) => L(env, `Mordus pendant la bataille, les soldats ${du(e.army as Ref)} se sont changés en garous à la pleine lune.`, `Bitten in battle, the soldiers of ${army(env, e.army as Ref)} turned into weres at the full moon.`),
  'troll-regen': (e, env) => L(env, `Des trolls que l’on croyait morts se sont relevés à ${prov(env, e.at)} ; rancuniers, ils se vendent désormais comme mercenaires (${army(env, e.army as Ref)}).`, `Trolls thought dead rose again in ${prov(env, e.at)}; resentful, they now sell themselves as mercenaries (${army(env, e.army as Ref)}).`),
  'armies-recovered': (e, env) => L(env, `Remis de leurs épreuves, ${armies(env, e.armies)} ${refs(e.armies).length > 1 ? 'ont' : 'a'} retrouvé le niveau Bleu.`, `Recovered from their ordeal, ${armies(env, e.armies)} ${refs(e.armies).length > 1 ? 'are' : 'is'} back to Green.`),
};
