/**
 * Prose renderers of the armies domain's events (see report/types.ts), in French and English:
 * moves, bumps, DE, recruitment and army transfers, and the battle narratives column by column,
 * in the tone of the S8.6 legion extract ("On the right wing, the 197th Legion faced the 194th
 * Phalanx…").
 */
import type { AKEvent } from '../events.ts';
import { qualityOf, agreeFr, armyGrammar, capital, ecus, isPlural, listJoin, QUALITY_NAMES, theArmy, variant, deFr, aFr } from '../report/names.ts';
import type { MessageTable, RenderEnv } from '../report/types.ts';
import type { Quality } from '../state.ts';

type Ref = { id: number; type: string; line?: number; outflank?: boolean; target?: number; fate?: string };

const L = (env: RenderEnv, fr: string, en: string): string => (env.lang === 'fr' ? fr : en);
const refs = (x: unknown): Ref[] => (Array.isArray(x) ? (x as Ref[]) : []);
const who = (e: AKEvent, env: RenderEnv): string => (typeof e.who === 'number' ? env.character(e.who) : L(env, 'Le commandant de la garnison', 'The Garrison Commander'));
const fem = (env: RenderEnv, id: unknown): boolean => typeof id === 'number' && env.s.characters[id]?.sex === 'F';
const e_ = (env: RenderEnv, id: unknown): string => (fem(env, id) ? 'e' : '');
const his = (env: RenderEnv, id: unknown): string => (fem(env, id) ? 'her' : 'his');
const army = (env: RenderEnv, r: Ref): string => theArmy(r.id, r.type, env.lang);
/** French "de" + the army: `de la 197e Légion`, `du 117e Dragon`, `des 186e Archers`. */
const du = (r: Ref): string => theArmy(r.id, r.type, 'fr').replace(/^(la|le|les) /, (m) => (m === 'la ' ? 'de la ' : m === 'le ' ? 'du ' : 'des '));
/** French "à" + the army: `à la 197e Légion`, `au 117e Dragon`, `aux 186e Archers`. */
const au = (r: Ref): string => theArmy(r.id, r.type, 'fr').replace(/^(la|le|les) /, (m) => (m === 'la ' ? 'à la ' : m === 'le ' ? 'au ' : 'aux '));
const Army = (env: RenderEnv, r: Ref): string => capital(army(env, r));
const armies = (env: RenderEnv, list: unknown): string => listJoin(refs(list).map((r) => army(env, r)), env.lang);
const prov = (env: RenderEnv, id: unknown): string => (typeof id === 'number' ? env.province(id) : '?');
const armyGrammarFem = (r: Ref): boolean => armyGrammar(r.type).fem;
/** Agreement with armies: the singular or the plural form (`fut` / `furent`, `was` / `were`). */
const v = (list: Ref | Ref[], sing: string, pl: string): string => (isPlural((Array.isArray(list) ? list : [list]).map((r) => r.type)) ? pl : sing);
/** A French participle agreed with armies: `repoussé` → `repoussée(s)`. */
const pp = (list: Ref | Ref[], word: string): string => agreeFr(word, (Array.isArray(list) ? list : [list]).map((r) => r.type));
const kings = (env: RenderEnv, list: unknown): string => {
  const ks = Array.isArray(list) ? (list as (number | null)[]) : [];
  if (!ks.length || ks.every((k) => k === null)) return L(env, 'les défenseurs indigènes', 'the native defenders');
  return listJoin(ks.map((k) => (k === null ? L(env, 'les indigènes', 'the natives') : k === env.kingdom ? L(env, 'nos troupes', 'our troops') : env.kingdomName(k))), env.lang);
};
/** Whether `kings(list)` names a plural subject (several, our troops, the natives). */
const kingsPlural = (env: RenderEnv, list: unknown): boolean => {
  const ks = Array.isArray(list) ? (list as (number | null)[]) : [];
  return ks.length !== 1 || ks[0] === null || ks[0] === env.kingdom;
};
/** A quality agreed with its army's name when the type is known (« la 219e Phalange (Réduite) »). */
const quality = (env: RenderEnv, q: unknown, type?: string): string => (type ? qualityOf(typeof q === 'number' ? q : 1, type, env.lang) : QUALITY_NAMES[(typeof q === 'number' ? q : 1) as Quality]?.[env.lang] ?? String(q));
/** The reader's side in a battle: attackers, defenders, or neither (a clairvoyant's view). */
const ourSide = (e: AKEvent, env: RenderEnv): 'A' | 'D' | null => {
  const att = Array.isArray(e.attackers) ? (e.attackers as number[]) : [];
  const def = Array.isArray(e.defenders) ? (e.defenders as (number | null)[]) : null;
  if (att.includes(env.kingdom)) return 'A';
  if (def === null || def.includes(env.kingdom)) return 'D';
  return null;
};
/** A deterministic pick among phrasings, from the event's ids (G-98: reports use no RNG). */
const pick = <T>(list: T[], ...keys: number[]): T => list[variant(list.length, ...keys.map((k) => (Number.isFinite(k) ? k : 0)))]!;

/**
 * A pick that turns with the column: `k` = [battle, column, …]; the battle chooses where to start,
 * each next column takes the next wording, so neighbouring columns never read alike.
 */
const rotate = <T>(list: T[], k: number[]): T => list[(variant(list.length, k[0] ?? 0, list.length) + (k[1] ?? 0)) % list.length]!;

/** Where a column lies on the front (S8.6: "on the right wing"). */
function wing(env: RenderEnv, col: number, of: number): string {
  if (of <= 1) return L(env, 'Sur ce front étroit', 'On the narrow front');
  if (col === 0) return L(env, 'Sur l’aile gauche', 'On the left wing');
  if (col === of - 1) return L(env, 'Sur l’aile droite', 'On the right wing');
  if (of % 2 === 1 && col === (of - 1) / 2) return L(env, 'Au centre', 'In the centre');
  return col < of / 2 ? L(env, 'Au centre gauche', 'On the left centre') : L(env, 'Au centre droit', 'On the right centre');
}

/** The clash of the two front units, worded in one of several ways. */
function clash(env: RenderEnv, where: string, A: Ref, D: Ref, k: number[]): string {
  const fr = env.lang === 'fr';
  return rotate([
    () => (fr ? `${where}, ${army(env, A)} ${v(A, 'fit', 'firent')} face ${au(D)}.` : `${where}, ${army(env, A)} faced ${army(env, D)}.`),
    () => (fr ? `${where}, ${army(env, A)} ${v(A, 'marcha', 'marchèrent')} droit sur ${army(env, D)}.` : `${where}, ${army(env, A)} marched straight at ${army(env, D)}.`),
    () => (fr ? `${where}, ${army(env, A)} et ${army(env, D)} se heurtèrent de front.` : `${where}, ${army(env, A)} and ${army(env, D)} clashed head-on.`),
    () => (fr ? `${where}, ${army(env, D)} ${v(D, 'attendait', 'attendaient')} de pied ferme ${army(env, A)}.` : `${where}, ${army(env, D)} stood firm to meet ${army(env, A)}.`),
  ], k)();
}

/**
 * How a column ended, by its outcome: a close fight, a foregone rout, or an upset (the winner's
 * odds `pw`), each in several wordings; agreement follows each army's name (« les 186e Archers
 * furent repoussés », « la 194e Phalange plia »).
 */
function decide(env: RenderEnv, W: Ref, Lo: Ref, pw: number | null, k: number[]): string {
  const fr = env.lang === 'fr';
  const w = army(env, W), l = army(env, Lo);
  const close = [
    () => (fr ? `${capital(l)} se ${v(Lo, 'battit', 'battirent')} vaillamment contre ${w}, mais ${v(Lo, 'fut', 'furent')} sans cesse ${pp(Lo, 'repoussé')}.`
      : `${capital(l)} fought bravely against ${w}, but ${v(Lo, 'was', 'were')} constantly pushed back.`),
    () => (fr ? `Longtemps la lutte resta indécise ; enfin ${w} ${v(W, 'prit', 'prirent')} le dessus.` : `For a long while the struggle hung in the balance; at last ${w} gained the upper hand.`),
    () => (fr ? `Pied à pied, ${w} ${v(W, 'fit', 'firent')} reculer ${l}, qui ${v(Lo, 'céda', 'cédèrent')} enfin.` : `Step by step, ${w} drove back ${l}, which gave way at last.`),
  ];
  const rout = [
    () => (fr ? `${capital(w)} ${v(W, 'enfonça', 'enfoncèrent')} les rangs ${du(Lo)}.` : `${capital(w)} broke the ranks of ${l}.`),
    () => (fr ? `${capital(l)} ne ${v(Lo, 'put', 'purent')} soutenir le choc ${du(W)} et ${v(Lo, 'plia', 'plièrent')}.` : `${capital(l)} could not withstand the onset of ${w}, and gave way.`),
    () => (fr ? `${capital(w)} ${v(W, 'balaya', 'balayèrent')} ${l} sans coup férir.` : `${capital(w)} swept ${l} aside without a fight worth the name.`),
  ];
  const upset = [
    () => (fr ? `Contre toute attente, ${w} ${v(W, 'tint', 'tinrent')} bon et ${v(W, 'rejeta', 'rejetèrent')} ${l}.` : `Against all expectation, ${w} held firm and threw back ${l}.`),
    () => (fr ? `${capital(l)} ${v(Lo, 'semblait', 'semblaient')} ${pp(Lo, 'promis')} à la victoire, mais ${w} en ${v(W, 'décida', 'décidèrent')} autrement.` : `${capital(l)} seemed sure of victory, but ${w} decided otherwise.`),
  ];
  const set = pw === null ? close : pw >= 0.7 ? rout : pw <= 0.35 ? upset : close;
  return rotate(set, [k[0]!, k[1]!, set.length])();
}

function column(e: AKEvent, env: RenderEnv): string {
  const a = refs(e.a), d = refs(e.d), sa = refs(e.sa), sd = refs(e.sd);
  const col = Number(e.col), of = Number(e.of), battle = Number(e.battle);
  const frontA = a.find((u) => !u.line) ?? a[0], frontD = d.find((u) => !u.line) ?? d[0];
  // The phrasing is chosen from the battle, the column and the armies in it (no RNG, G-98).
  const k = [battle, col, frontA?.id ?? 0, frontD?.id ?? 0];
  const out: string[] = [];
  const where = wing(env, col, of);
  if (frontA && frontD) out.push(clash(env, where, frontA, frontD, k));
  else if (frontA || frontD) {
    const x = (frontA ?? frontD)!;
    out.push(L(env, `${where}, ${army(env, x)} ${v(x, 'tint', 'tinrent')} la ligne sans trouver d’adversaire.`, `${where}, ${army(env, x)} held the line and met no foe.`));
  }
  // Each side's flank and rear told in a different wording (the rotation moves on by one for the second side).
  for (const [i, [list, front]] of ([[a, frontA], [d, frontD]] as const).entries()) {
    const flank = list.filter((u) => u !== front && u.outflank);
    const rear = list.filter((u) => u !== front && !u.outflank);
    if (flank.length) {
      out.push(rotate([
        L(env, `${capital(armies(env, flank))} ${v(flank, 'déborda', 'débordèrent')} l’ennemi par le flanc.`, `${capital(armies(env, flank))} swept round the enemy flank.`),
        L(env, `${capital(armies(env, flank))} ${v(flank, 'prit', 'prirent')} l’ennemi de flanc.`, `${capital(armies(env, flank))} took the enemy in the flank.`),
        L(env, `Par le flanc, ${armies(env, flank)} ${v(flank, 'tomba', 'tombèrent')} sur l’ennemi.`, `From the flank, ${armies(env, flank)} fell upon the enemy.`),
      ], [k[0]! + 1 + i, k[1]!]));
    }
    if (rear.length) {
      out.push(rotate([
        L(env, `En seconde ligne, ${armies(env, rear)} ${v(rear, 'soutenait', 'soutenaient')} l’assaut.`, `In the second line, ${armies(env, rear)} stood in support.`),
        L(env, `Derrière, ${armies(env, rear)} ${v(rear, 'attendait', 'attendaient')} ${v(rear, 'son', 'leur')} tour.`, `Behind, ${armies(env, rear)} waited ${v(rear, 'its', 'their')} turn.`),
        L(env, `${capital(armies(env, rear))} ${v(rear, 'formait', 'formaient')} la réserve.`, `${capital(armies(env, rear))} formed the reserve.`),
      ], [k[0]! + 2 + i, k[1]!]));
    }
  }
  const all = [...a, ...d];
  for (const x of [...sa, ...sd]) {
    const t = all.find((u) => u.id === x.target);
    const flying = x.type === 'DR' || x.type === 'EA';
    if (t) out.push(L(env, `${Army(env, x)} ${flying ? v(x, 'se jeta du ciel sur', 'se jetèrent du ciel sur') : v(x, 'surgit des flots contre', 'surgirent des flots contre')} ${army(env, t)} et ${v(x, 'attaqua', 'attaquèrent')} sans merci.`, `${Army(env, x)} ${flying ? v(x, 'hurled itself from the sky at', 'hurled themselves from the sky at') : 'rose from the waters against'} ${army(env, t)} and attacked without mercy.`));
  }
  if (e.monster) out.push(L(env, 'Un monstre de la contrée se rua dans la mêlée aux côtés des Druides.', 'A monster of the land charged into the fray beside the Druids.'));
  const ev = e.event as { side: 'A' | 'D'; army?: Ref; variant: number } | undefined;
  if (ev) {
    const favoured = ev.army;
    const victim = ev.side === 'A' ? frontD : frontA;
    if (ev.variant === 0 && victim) out.push(L(env, `Dans cet engagement, l’étendard ${du(victim)} fut pris lors d’une attaque surprise. Certains perdirent courage, mais d’autres redoublèrent d’efforts pour reprendre leur emblème.`, `In this engagement the standard of ${army(env, victim)} was captured in a surprise attack. Some lost heart, but others redoubled their efforts to regain their emblem.`));
    else if (ev.variant === 1 && favoured) out.push(L(env, `${Army(env, favoured)} ${v(favoured, 'trouva', 'trouvèrent')} une hauteur propice et ${v(favoured, 'prit', 'prirent')} l’ennemi en écharpe.`, `${Army(env, favoured)} found a fold in the ground and took the enemy in enfilade.`));
    else if (favoured) out.push(L(env, `Une rumeur de victoire courut dans les rangs ${du(favoured)}, qui ${v(favoured, 'chargea', 'chargèrent')} avec une ardeur nouvelle.`, `A rumour of victory ran through the ranks of ${army(env, favoured)}, which charged with fresh ardour.`));
  }
  const winner = e.winner === 'A' ? frontA : frontD;
  const loser = e.winner === 'A' ? frontD : frontA;
  if (winner && loser) {
    const p = typeof e.p === 'number' ? e.p : null;
    const pw = p === null ? null : e.winner === 'A' ? p : 1 - p;
    out.push(decide(env, winner, loser, pw, k));
  }
  return out.join(' ');
}

export const MESSAGES: MessageTable = {
  // ── Movement ──
  'army-move': (e, env) => {
    const list = refs(e.armies);
    const p = prov(env, e.at);
    if (!list.length) return L(env, `${capital(who(e, env))} se rendit ${aFr(p)}.`, `${capital(who(e, env))} travelled to ${p}.`);
    const by = e.naval ? L(env, ' par la mer', ' by sea') : '';
    if (e.invade) return L(env, `${capital(who(e, env))} envahit ${p}${by} à la tête de ses troupes : ${armies(env, list)}.`, `${capital(who(e, env))} invaded ${p}${by} at the head of ${his(env, e.who)} troops: ${armies(env, list)}.`);
    return L(env, `${capital(who(e, env))} mena ${armies(env, list)} jusqu’${aFr(p)}${by}.`, `${capital(who(e, env))} led ${armies(env, list)} to ${p}${by}.`);
  },
  'move-bounced': (e, env) => L(env,
    `${capital(who(e, env))} voulut entrer dans ${prov(env, e.target)}, mais ce royaume est neutre : ses armées restèrent ${aFr(prov(env, e.at))}.`,
    `${capital(who(e, env))} meant to enter ${prov(env, e.target)}, but that kingdom is Neutral: ${his(env, e.who)} armies stayed in ${prov(env, e.at)}.`),
  'merc-follow': (e, env) => L(env,
    `Des mercenaires, ${army(env, e.army as Ref)}, emboîtèrent le pas ${aFr(who(e, env))} jusqu’${aFr(prov(env, e.at))}.`,
    `Mercenaries, ${army(env, e.army as Ref)}, tagged along behind ${who(e, env)} to ${prov(env, e.at)}.`),
  'army-unify': (e, env) => e.ok
    ? L(env, `${capital(who(e, env))} fit sa jonction avec ${typeof e.with === 'number' ? env.character(e.with) : 'l’armée principale'} devant ${prov(env, e.at)}.`, `${capital(who(e, env))} joined forces with ${typeof e.with === 'number' ? env.character(e.with) : 'the main army'} before ${prov(env, e.at)}.`)
    : L(env, `${capital(who(e, env))} arriva trop tard pour unir ses forces à celles ${typeof e.with === 'number' ? `${deFr(env.character(e.with))}` : 'de l’armée principale'} : il combattrait seul.`, `${capital(who(e, env))} arrived too late to join ${typeof e.with === 'number' ? env.character(e.with) : 'the main army'}: ${fem(env, e.who) ? 'she' : 'he'} would fight alone.`),
  'defend-set': (e, env) => L(env, `${capital(who(e, env))} prit position pour défendre les environs ${deFr(prov(env, e.at))}.`, `${capital(who(e, env))} took position to defend the lands around ${prov(env, e.at)}.`),
  'defend-react': (e, env) => L(env, `Apprenant l’invasion, et fidèle à son ordre de défense, ${who(e, env)} quitta ${prov(env, e.from)} et porta ses troupes au secours ${deFr(prov(env, e.at))}.`, `Hearing of the invasion, and true to ${his(env, e.who)} orders to defend, ${who(e, env)} left ${prov(env, e.from)} and led ${his(env, e.who)} troops to the rescue of ${prov(env, e.at)}.`),
  'counter-attack': (e, env) => L(env, `Grisé${e_(env, e.who)} par la victoire, ${who(e, env)} contre-attaqua aussitôt ${aFr(prov(env, e.at))}.`, `Flushed with victory, ${who(e, env)} counter-attacked at once in ${prov(env, e.at)}.`),

  // ── Recruitment and transfers ──
  'army-recruited': (e, env) => {
    const list = refs(e.armies) as (Ref & { quality: number; mercenary: boolean; imported: boolean })[];
    const parts = list.map((a) => `${army(env, a)} (${quality(env, a.quality, a.type)}${a.mercenary ? L(env, ', mercenaires', ', mercenaries') : ''}${a.imported ? L(env, ', armes importées', ', imported weapons') : ''})`);
    const self = typeof e.leader === 'number' && e.leader === e.who;
    const lead = self ? L(env, `, qu’${fem(env, e.who) ? 'elle' : 'il'} commanderait en personne`, `, to lead in person`)
      : typeof e.leader === 'number' ? L(env, `, sous le commandement ${deFr(env.character(e.leader))}`, `, under the command of ${env.character(e.leader)}`) : L(env, ', pour la garnison', ', for the garrison');
    return L(env, `${capital(who(e, env))} leva ${aFr(prov(env, e.at))} ${listJoin(parts, 'fr')}${lead}, pour ${ecus(Number(e.cost), 'fr')}.`, `${capital(who(e, env))} raised in ${prov(env, e.at)} ${listJoin(parts, 'en')}${lead}, for ${ecus(Number(e.cost), 'en')}.`);
  },
  'army-picked': (e, env) => L(env, `${capital(who(e, env))} prit le commandement ${refs(e.armies).length > 1 ? 'des armées' : 'de l’armée'} ${armies(env, e.armies)}.`, `${capital(who(e, env))} took command of ${armies(env, e.armies)}.`),
  'army-left': (e, env) => {
    const out: string[] = [];
    if (refs(e.armies).length) out.push(typeof e.receiver === 'number'
      ? L(env, `${capital(who(e, env))} confia ${armies(env, e.armies)} ${aFr(env.character(e.receiver))}.`, `${capital(who(e, env))} handed ${armies(env, e.armies)} over to ${env.character(e.receiver)}.`)
      : L(env, `${capital(who(e, env))} laissa ${armies(env, e.armies)} en garnison ${aFr(prov(env, e.at))}.`, `${capital(who(e, env))} left ${armies(env, e.armies)} to garrison ${prov(env, e.at)}.`));
    if (refs(e.buried).length) out.push(L(env, `Privés de leur maître, ${armies(env, e.buried)} retournèrent sous terre.`, `Bereft of their master, ${armies(env, e.buried)} sank back beneath the earth.`));
    return out.join(' ');
  },
  'army-dispersed': (e, env) => {
    // DI: the living become unemployed mercenaries (G-43); skeletons go back underground (S3.7a, G-33).
    const all = Array.isArray(e.armies) ? (e.armies as (Ref & { skeleton?: boolean })[]) : [];
    const men = all.filter((a) => !a.skeleton), bones = all.filter((a) => a.skeleton);
    const out: string[] = [];
    if (men.length) out.push(L(env, `Sur l’ordre ${deFr(who(e, env))}, ${armies(env, men)} ${v(men, 'fut', 'furent')} ${pp(men, 'licencié')} et ${v(men, 'devint', 'devinrent')} des mercenaires sans emploi.`, `At ${who(e, env)}’s command, ${armies(env, men)} ${v(men, 'was', 'were')} disbanded and became unemployed mercenaries.`));
    if (bones.length) out.push(men.length
      ? L(env, `Quant aux morts que la nécromancie avait relevés, ${armies(env, bones)} ${v(bones, 'retourna', 'retournèrent')} sous terre.`, `As for the dead that necromancy had raised, ${armies(env, bones)} sank back beneath the earth.`)
      : L(env, `Sur l’ordre ${deFr(who(e, env))}, ${armies(env, bones)} ${v(bones, 'retourna', 'retournèrent')} sous terre, d’où la nécromancie ${v(bones, 'l’avait', 'les avait')} ${pp(bones, 'tiré')}.`, `At ${who(e, env)}’s command, ${armies(env, bones)} sank back beneath the earth, whence necromancy had raised ${v(bones, 'it', 'them')}.`));
    return out.join(' ');
  },
  'army-deserted': (e, env) => L(env, `Faute de solde, ${army(env, e.army as Ref)} ${v(e.army as Ref, 'déserta', 'désertèrent')} ${aFr(prov(env, e.at))} et ${v(e.army as Ref, 'se vendit', 'se vendirent')} comme mercenaires.`, `Unpaid, ${army(env, e.army as Ref)} deserted in ${prov(env, e.at)} and turned mercenary.`),
  'army-unpaid': (e, env) => L(env, `Faute de solde, ${army(env, e.army as Ref)} ${v(e.army as Ref, 'perdit', 'perdirent')} courage (désormais ${quality(env, e.quality, (e.army as Ref).type)}).`, `Unpaid, ${army(env, e.army as Ref)} lost heart (now ${quality(env, e.quality, (e.army as Ref).type)}).`),

  // ── Battles ──
  'battle': (e, env) => {
    const cmd = e.commanders as { A: number | null; D: number | null };
    const c = (id: number | null) => (id === null ? L(env, 'le commandant de la garnison', 'the Garrison Commander') : env.character(id));
    const att = kings(env, e.attackers), def = kings(env, e.defenders);
    const pl = kingsPlural(env, e.attackers);
    const k = [Number(e.battle), Number(e.at)];
    // Seed §9.2: « Si les armées défendantes ne sont pas menées par un personnage, elles sont
    // commandées par le "commandant de la garnison" » — the defenders only (issue 17 §1): attackers
    // with no character at their head (a garrison provoking a battle, §8.4) go without a chief.
    const fr = cmd.A === null ? pick([
      `${capital(att)} ${pl ? 'attaquèrent' : 'attaqua'} ${def} sans chef ${aFr(pl ? 'leur' : 'sa')} tête ; ${c(cmd.D)} conduisait la défense.`,
      `Sans personne pour les mener, les troupes assaillantes se jetèrent sur ${def} ; ${c(cmd.D)} commandait en face.`,
    ], ...k) : pick([
      `${capital(att)} ${pl ? 'attaquèrent' : 'attaqua'} ${def}. ${capital(c(cmd.A))} menait les assaillants, ${c(cmd.D)} les défenseurs.`,
      `${capital(att)} ${pl ? 'se jetèrent' : 'se jeta'} sur ${def}, ${c(cmd.A)} ${aFr(pl ? 'leur' : 'sa')} tête ; ${c(cmd.D)} commandait en face.`,
      `Sous les ordres ${deFr(c(cmd.A))}, ${att} ${pl ? 'donnèrent' : 'donna'} l’assaut ; ${c(cmd.D)} conduisait la défense.`,
    ], ...k);
    const en = cmd.A === null ? pick([
      `${capital(att)} attacked ${def} with no leader at their head; ${c(cmd.D)} led the defence.`,
      `With no one to lead them, the attacking troops fell upon ${def}; ${c(cmd.D)} commanded the other side.`,
    ], ...k) : pick([
      `${capital(att)} attacked ${def}. ${capital(c(cmd.A))} led the attackers, ${c(cmd.D)} the defenders.`,
      `${capital(att)} fell upon ${def}, led by ${c(cmd.A)}; ${c(cmd.D)} commanded the other side.`,
      `Under the orders of ${c(cmd.A)}, ${att} went to the assault; ${c(cmd.D)} led the defence.`,
    ], ...k);
    if (!e.rival) return L(env, `Bataille ${aFr(prov(env, e.at))} ! ${fr}`, `Battle in ${prov(env, e.at)}! ${en}`);
    // S5.3.1: two foreign hosts meeting on ground that belongs to neither (unowned, a third kingdom's, the open sea).
    const sea = env.s.provinces[Number(e.at)]?.terrain === 'Sea';
    const owner = typeof e.owner === 'number' ? e.owner : null;
    const ground = owner === env.kingdom
      ? L(env, ' sur nos propres terres, où ni les uns ni les autres n’étaient chez eux', ' on our own lands, where neither side was at home')
      : sea ? L(env, ' en pleine mer, loin de tout rivage ami', ' on the open sea, far from any friendly shore')
        : owner !== null ? L(env, ` sur les terres ${env.lang === 'fr' ? 'du ' : 'of '}${env.kingdomName(owner)}, où ni les uns ni les autres n’étaient chez eux`, ` on the lands of ${env.kingdomName(owner)}, where neither side was at home`)
          : L(env, ', terre sans maître que chacun convoitait', ', a masterless land each side coveted');
    return L(env, `Bataille ${aFr(prov(env, e.at))}${ground} ! ${fr}`, `Battle in ${prov(env, e.at)}${ground}! ${en}`);
  },
  'battle-monster': (e, env) => L(env, `Au moment de l’assaut, ${String(e.name)} sortit de son repaire pour combattre aux côtés des Druides.`, `As the armies closed, ${String(e.name)} came out of its lair to fight beside the Druids.`),
  'battle-event': (e, env) => {
    const a = e.army as Ref | undefined;
    if (!a) return L(env, 'Un présage favorable galvanisa l’une des armées.', 'A favourable omen galvanised one of the armies.');
    // Told from the reader's side (issue 17 §2): the favoured unit is ours (it surprised « l’ennemi »),
    // the enemy's (it surprised « nos troupes »), or, for a reader on neither side, one side's.
    const reader = ourSide(e, env);
    const mine = reader !== null && reader === e.side;
    const foe = mine ? L(env, 'l’ennemi', 'the enemy') : reader !== null ? L(env, 'nos troupes', 'our troops') : L(env, 'l’adversaire', 'the other side');
    const camp = mine ? L(env, 'tout notre camp', 'our whole host') : reader !== null ? L(env, 'tout le camp adverse', 'the whole enemy host') : L(env, 'tout son camp', 'its whole host');
    return [
      L(env, `Avant même le choc, un aigle survola ${army(env, a)} : les soldats y virent un signe des dieux et se battirent comme des lions.`, `Before the clash an eagle wheeled above ${army(env, a)}: the soldiers took it for a sign from the gods and fought like lions.`),
      L(env, `Le brouillard du matin cacha les manœuvres ${deFr(army(env, a))}, qui ${v(a, 'surprit', 'surprirent')} ${foe} sur toute la ligne.`, `The morning mist hid the manoeuvres of ${army(env, a)}, which surprised ${foe} all along the line.`),
      L(env, `Une harangue enflammée parcourut les rangs autour ${deFr(army(env, a))} ; ${camp} s’en trouva ragaillardi.`, `A fiery harangue ran through the ranks around ${army(env, a)}; ${camp} took heart.`),
    ][Number(e.variant) % 3]!;
  },
  'battle-column': column,
  'battle-result': (e, env) => {
    const side = ourSide(e, env);
    const winner = e.winner as 'A' | 'D';
    const lost = refs(e.destroyed);
    const cols = Array.isArray(e.columns) ? (e.columns as string[]) : [];
    const won = cols.filter((c) => c === winner).length;
    const k = [Number(e.battle), Number(e.at), 3];
    const head = side === null ? ''
      : side === winner
        ? pick([L(env, 'La victoire fut nôtre.', 'The victory was ours.'), L(env, 'Le soir venu, le champ de bataille était à nous.', 'By nightfall the field was ours.'), L(env, 'La journée fut à nous.', 'The day was ours.')], ...k)
        : pick([L(env, 'La journée fut perdue.', 'The day was lost.'), L(env, 'Le soir venu, il fallut reconnaître la défaite.', 'By nightfall, there was no denying the defeat.')], ...k);
    const sideFr = winner === 'A' ? 'Les assaillants' : 'Les défenseurs', sideEn = winner === 'A' ? 'The attackers' : 'The defenders';
    const score = cols.length <= 1
      ? L(env, `${sideFr} l’emportèrent sur ce front unique.`, `${sideEn} carried the only column.`)
      : won === cols.length
        ? L(env, `${sideFr} l’emportèrent sur toute la ligne.`, `${sideEn} carried every column.`)
        : L(env, `${sideFr} l’emportèrent dans ${won} colonnes sur ${cols.length}.`, `${sideEn} carried ${won} columns of ${cols.length}.`);
    // The losses of each side apart (the event's refs carry their side): ours, then the enemy's.
    const lostOf = (x: 'A' | 'D') => lost.filter((r) => (r as Ref & { side?: string }).side === x);
    const unsided = lost.filter((r) => (r as Ref & { side?: string }).side === undefined);
    const lossLine = (list: Ref[], fr: string, en: string) => (list.length ? L(env, `${fr} ${armies(env, list)}.`, `${en} ${armies(env, list)}.`) : '');
    const other = side === 'A' ? 'D' : 'A';
    const dead = !lost.length
      ? L(env, 'Aucune armée ne fut anéantie.', 'No army was destroyed.')
      : unsided.length
        ? L(env, `${v(lost, 'Fut', 'Furent')} ${pp(lost, 'anéanti')} : ${armies(env, lost)}.`, `Destroyed: ${armies(env, lost)}.`)
        : side === null
          ? [lossLine(lostOf('A'), 'Les assaillants perdirent', 'The attackers lost'), lossLine(lostOf('D'), 'Les défenseurs perdirent', 'The defenders lost')].filter(Boolean).join(' ')
          : [lossLine(lostOf(side), 'Nous perdîmes', 'We lost'), lossLine(lostOf(other), 'L’ennemi perdit', 'The enemy lost')].filter(Boolean).join(' ');
    const red = refs(e.reduced);
    const back = red.length ? L(env, `${capital(armies(env, red))} ${v(red, 'regagna ses', 'regagnèrent leurs')} navires, ${pp(red, 'décimé')}.`, `${capital(armies(env, red))} fell back to the ships, shattered.`) : '';
    return [head, score, dead, back].filter(Boolean).join(' ');
  },
  'battle-quality': (e, env) => {
    const ch = Array.isArray(e.changes) ? (e.changes as { army: number; type: string; from: number; to: number }[]) : [];
    const up = ch.filter((c) => c.to > c.from), down = ch.filter((c) => c.to < c.from);
    const out: string[] = [];
    const upr = up.map((c) => ({ id: c.army, type: c.type }));
    if (up.length) out.push(L(env, `${capital(pp(upr, 'aguerri'))} par le combat, ${listJoin(up.map((c) => `${theArmy(c.army, c.type, 'fr')} (${quality(env, c.to, c.type)})`), 'fr')} ${v(upr, 'gagna', 'gagnèrent')} en valeur.`, `Hardened by the fight, ${listJoin(up.map((c) => `${theArmy(c.army, c.type, 'en')} (${quality(env, c.to)})`), 'en')} gained in worth.`));
    const dn = down.map((c) => ({ id: c.army, type: c.type }));
    if (down.length) out.push(L(env, `${capital(pp(dn, 'éprouvé'))}, ${listJoin(down.map((c) => `${theArmy(c.army, c.type, 'fr')} (${quality(env, c.to, c.type)})`), 'fr')} ${v(dn, 'perdit de sa', 'perdirent de leur')} superbe.`, `Shaken, ${listJoin(down.map((c) => `${theArmy(c.army, c.type, 'en')} (${quality(env, c.to)})`), 'en')} lost some of ${v(dn, 'its', 'their')} edge.`));
    return out.join(' ');
  },
  'battle-pursuit': (e, env) => {
    const p = e.pursuer as Ref, t = e.target as Ref;
    if (!e.caught) return L(env, `${Army(env, p)} ${v(p, 'se lança', 'se lancèrent')} à la poursuite ${du(t)}, qui ${v(p, 'lui', 'leur')} ${v(t, 'échappa', 'échappèrent')}.`, `${Army(env, p)} gave chase to ${army(env, t)}, which got away.`);
    return e.destroyed
      ? L(env, `${Army(env, p)} ${v(p, 'rattrapa', 'rattrapèrent')} ${army(env, t)} dans sa fuite et ${v(t, armyGrammarFem(t) ? 'la' : 'le', 'les')} ${v(p, 'tailla', 'taillèrent')} en pièces.`, `${Army(env, p)} caught ${army(env, t)} in flight and cut ${v(t, 'it', 'them')} to pieces.`)
      : L(env, `${Army(env, p)} ${v(p, 'rattrapa', 'rattrapèrent')} ${army(env, t)}, qui ${v(t, 'fit', 'firent')} front et ${v(t, 'repoussa ses', 'repoussèrent leurs')} poursuivants.`, `${Army(env, p)} caught up with ${army(env, t)}, which turned and drove off ${v(t, 'its', 'their')} pursuers.`);
  },
  'battle-retreat': (e, env) => L(env, `${capital(armies(env, e.armies))} ${v(refs(e.armies), 'battit', 'battirent')} en retraite vers ${prov(env, e.target)}.`, `${capital(armies(env, e.armies))} retreated to ${prov(env, e.target)}.`),
  'battle-dispersed': (e, env) => {
    const out: string[] = [];
    if (refs(e.dispersed).length) out.push(L(env, `Sans retraite possible, ${armies(env, e.dispersed)} ${v(refs(e.dispersed), 'se débanda et se fondit', 'se débandèrent et se fondirent')} dans la population.`, `With no way out, ${armies(env, e.dispersed)} broke and melted into the population.`));
    // G-33, §4.5a: a skeleton neither melts into the population nor sells its sword; it goes back underground.
    const bones = refs(e.buried);
    if (bones.length) out.push(out.length
      ? L(env, `${capital(armies(env, bones))} ${v(bones, 'retourna', 'retournèrent')} sous terre, d’où la nécromancie ${v(bones, 'l’avait', 'les avait')} ${pp(bones, 'tiré')}.`, `${capital(armies(env, bones))} sank back beneath the earth, whence necromancy had raised ${v(bones, 'it', 'them')}.`)
      : L(env, `Sans retraite possible, ${armies(env, bones)} ${v(bones, 'retourna', 'retournèrent')} sous terre.`, `With no way out, ${armies(env, bones)} sank back beneath the earth.`));
    if (refs(e.mercenaries).length) out.push(L(env, `${capital(armies(env, e.mercenaries))}, ${pp(refs(e.mercenaries), 'coupé')} de tout, ${v(refs(e.mercenaries), 'se vendit', 'se vendirent')} comme mercenaires.`, `${capital(armies(env, e.mercenaries))}, cut off, sold its swords as mercenaries.`));
    return out.join(' ');
  },
  'province-conquered': (e, env) => {
    const k = Number(e.kingdom);
    if (k === env.kingdom) return L(env, `${capital(prov(env, e.at))} fut conquise ! La province entra dans le royaume.`, `${capital(prov(env, e.at))} was conquered! The province became part of the kingdom.`);
    if (e.from === env.kingdom) return L(env, `${capital(prov(env, e.at))} tomba aux mains ${deFr(env.kingdomName(k))}.`, `${capital(prov(env, e.at))} fell to ${env.kingdomName(k)}.`);
    return L(env, `${capital(prov(env, e.at))} revint ${aFr(env.kingdomName(k))}, qui y avait le plus de troupes.`, `${capital(prov(env, e.at))} went to ${env.kingdomName(k)}, which had the most troops there.`);
  },
  'ruler-unseated': (e, env) => L(env, `Chassé${e_(env, e.who)} de son trône, ${who(e, env)} erre désormais vers ${prov(env, e.target)}.`, `Driven from ${his(env, e.who)} throne, ${who(e, env)} now wanders toward ${prov(env, e.target)}.`),
  'province-contested': (e, env) => {
    const base = L(env, `${capital(prov(env, e.at))} fut dès lors contestée : aucun camp ne put chasser l’autre.`, `${capital(prov(env, e.at))} was now contested: neither side could drive the other out.`);
    return base + (e.force
      ? L(env, ' Les assaillants reprendraient le combat à la saison suivante.', ' The attackers would renew the fight next season.')
      : L(env, ' Les deux armées établirent leur camp en attendant le printemps.', ' Both armies made camp to wait for spring.'));
  },
  // The unit is named as it was before the bite (`from`), « la 164e Phalange », not as the Weres it became.
  'were-bite': (e, env) => {
    const was: Ref = { id: (e.army as Ref).id, type: typeof e.from === 'string' ? e.from : (e.army as Ref).type };
    return L(env, `Mordus pendant la bataille, les soldats ${du(was)} se changèrent en garous à la pleine lune.`, `Bitten in battle, the soldiers of ${army(env, was)} turned into weres at the full moon.`);
  },
  'troll-regen': (e, env) => L(env, `Des trolls que l’on croyait morts se relevèrent ${aFr(prov(env, e.at))} ; rancuniers, ils se vendirent comme mercenaires (${army(env, e.army as Ref)}).`, `Trolls thought dead rose again in ${prov(env, e.at)}; resentful, they now sell themselves as mercenaries (${army(env, e.army as Ref)}).`),
  'skeleton-unpaid': (e, env) => {
    const r: Ref = typeof e.army === 'object' && e.army !== null ? (e.army as Ref) : { id: Number(e.army), type: String(e.type ?? 'LE') };
    return L(env, `Faute de solde, ${army(env, r)} ${v(r, 'retourna', 'retournèrent')} sous terre ${aFr(prov(env, e.at))}.`, `Unpaid, ${army(env, r)} sank back into the earth in ${prov(env, e.at)}.`);
  },
  'armies-recovered': (e, env) => L(env, `Remis de leurs épreuves, ${armies(env, e.armies)} ${v(refs(e.armies), 'retrouva', 'retrouvèrent')} le niveau Bleu.`, `Recovered from their ordeal, ${armies(env, e.armies)} ${v(refs(e.armies), 'is', 'are')} back to Green.`),
};
