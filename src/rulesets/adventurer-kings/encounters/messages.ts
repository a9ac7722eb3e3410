/**
 * Prose renderers of the encounters domain's events (see report/types.ts), in French and
 * English, in the tone of the S8.6 extracts ("He met the Vampire… inflicting 9 points of damage").
 */
import type { AKEvent } from '../events.ts';
import type { MessageTable, RenderEnv } from '../report/types.ts';
import { siteTitle } from '../world/names.ts';
import { ITEMS, itemName } from '../world/items.ts';
import { ALIGNMENT_NAMES, RACE_SINGULAR, TEMPERAMENT_NAMES, nameOf, variant, deFr, aFr, capital } from '../report/names.ts';

/** French names of the catalogue's monsters (G-13). */
const MONSTER_FR: Record<string, string> = {
  Griffon: 'le Griffon', Giant: 'le Géant', Gargoyle: 'la Gargouille', Demon: 'le Démon', Troll: 'le Troll', Spectre: 'le Spectre',
  Vampire: 'le Vampire', Ghost: 'le Fantôme', Mummy: 'la Momie', 'Skeleton warrior': 'le Guerrier squelette', Lich: 'la Liche',
  Dragon: 'le Dragon', Wyvern: 'la Vouivre', Hydra: "l’Hydre", Basilisk: 'le Basilic', 'Giant spider': "l’Araignée géante",
  'Giant scorpion': 'le Scorpion géant', 'Sea serpent': 'le Serpent de mer', Kraken: 'le Kraken', Golem: 'le Golem',
  Minotaur: 'le Minotaure', Ogre: "l’Ogre", 'Renegade warrior': 'le Guerrier renégat', 'Bandit chief': 'le Chef brigand',
  'Evil sorcerer': 'le Sorcier maléfique', Werewolf: 'le Loup-garou', 'Giant bear': "l’Ours géant", Manticore: 'la Manticore',
  Harpy: 'la Harpie', Sphinx: 'le Sphinx', Unicorn: 'la Licorne', 'Elder Ent': "l’Ent ancestral",
};

interface Ref { id: number; kind: string; name: string }

export function monster(name: unknown, env: RenderEnv, cap = false): string {
  const n = String(name ?? '?');
  let out = env.lang === 'fr' ? MONSTER_FR[n] ?? n : `the ${n}`;
  if (cap) out = out.charAt(0).toUpperCase() + out.slice(1);
  return out;
}

/** A combatant as the reader knows it: a character by name, a monster with its article. */
function who(r: unknown, env: RenderEnv, cap = false): string {
  const x = r as Ref | undefined;
  if (!x) return '?';
  // `cap`: the name opens a sentence (« Un personnage inconnu (n° 10) esquiva… », issue 17 §2).
  if (x.kind === 'character') return cap ? capital(env.character(x.id)) : env.character(x.id);
  if (x.kind === 'gc') return env.lang === 'fr' ? `${cap ? 'L' : 'l'}e commandant de la garnison` : `${cap ? 'T' : 't'}he Garrison Commander`;
  return monster(x.name, env, cap);
}

const L = (env: RenderEnv, fr: string, en: string): string => (env.lang === 'fr' ? fr : en);
/** A deterministic pick among phrasings, from the event's ids and round (G-98: reports use no RNG). */
const pick = <T>(list: T[], ...keys: unknown[]): T => list[variant(list.length, ...keys.map((k) => (typeof k === 'number' && Number.isFinite(k) ? k : 0)))]!;
/** A pick that turns with the blow (k = [...ids, blow]): two blows in a row never read alike. */
const turn = <T>(list: T[], k: number[]): T => list[(variant(list.length, ...k.slice(0, -1).map((x) => (Number.isFinite(x) ? x : 0))) + (Number.isFinite(k[k.length - 1]!) ? k[k.length - 1]! : 0)) % list.length]!;
const refId = (r: unknown): number => (r && typeof r === 'object' && typeof (r as Ref).id === 'number' ? (r as Ref).id : 0);
/** Whether a combatant is a woman (a character whose sheet says so; monsters are masculine in the prose). */
const isFem = (r: unknown, env: RenderEnv): boolean => {
  const x = r as Ref | undefined;
  return !!x && x.kind === 'character' && env.s.characters[x.id]?.sex === 'F';
};
const femId = (id: unknown, env: RenderEnv): boolean => typeof id === 'number' && env.s.characters[id]?.sex === 'F';
/** `e` when the French participle agrees with a woman. */
const eF = (f: boolean): string => (f ? 'e' : '');
const heEn = (f: boolean): string => (f ? 'she' : 'he');
const hisEn = (f: boolean): string => (f ? 'her' : 'his');
const himEn = (f: boolean): string => (f ? 'her' : 'him');
/** A site named with its kind (issue 17 §2): « le Tombeau de Thalac », "the Tomb of Thalac"; the bare name if its kind is unknown. */
const siteOf = (e: AKEvent, env: RenderEnv, lang: 'fr' | 'en'): string => {
  const site = typeof e.site === 'number' ? env.s.sites[e.site] : undefined;
  const name = typeof e.siteName === 'string' ? e.siteName : site?.name ?? '?';
  return site ? siteTitle(site.type, name, lang) : name;
};
const at = (e: AKEvent, env: RenderEnv): string => (typeof e.at === 'number' ? env.province(e.at) : '?');
const pts = (n: unknown, env: RenderEnv): string => {
  const k = Number(n);
  return env.lang === 'fr' ? `${k} point${k > 1 ? 's' : ''}` : `${k} point${k === 1 ? '' : 's'}`;
};
/** A catalogue item's name as the events carry it (its English name) in the reader's language. */
const ITEM_BY_EN = new Map(Object.values(ITEMS).map((i) => [i.name.en, i.kind]));
const itemWord = (x: string, env: RenderEnv): string => { const k = ITEM_BY_EN.get(x); return k ? itemName(k, env.lang) : x; };
const list = (xs: unknown, env: RenderEnv): string => {
  const a = ((xs as string[] | undefined) ?? []).map((x) => (typeof x === 'string' ? itemWord(x, env) : x));
  if (a.length <= 1) return a.join('');
  return `${a.slice(0, -1).join(', ')} ${env.lang === 'fr' ? 'et' : 'and'} ${a[a.length - 1]}`;
};


function endText(e: AKEvent, env: RenderEnv): string {
  const end = e.end as { kind: string; loser?: number; who?: number; by?: number; why?: string; amount?: number };
  const c = [(e.a as Ref), (e.b as Ref)];
  const side = (i: number | undefined, cap = true) => who(c[i ?? 0], env, cap);
  switch (end.kind) {
    case 'death': return pick([
      L(env, `${side(end.loser)} tomba pour ne plus se relever.`, `${side(end.loser)} fell, never to rise again.`),
      L(env, `${side(end.loser)} s’effondra, mortellement ${isFem(c[end.loser ?? 0], env) ? 'blessée' : 'blessé'}.`, `${side(end.loser)} collapsed, mortally wounded.`),
      L(env, `Ce fut le dernier coup : ${side(end.loser, false)} ne se releva pas.`, `That was the last blow: ${side(end.loser, false)} did not rise again.`),
    ], refId(c[0]), refId(c[1]), Number(e.at));
    case 'executed': return L(env, `${side(end.who)} fut exécuté${eF(isFem(c[end.who ?? 0], env))} sur-le-champ.`, `${side(end.who)} was executed on the spot.`);
    // The flight itself was just told (enc-flee): the end only closes the scene.
    case 'fled': return L(env, 'Le combat en resta là.', 'There the fight ended.');
    case 'frozen': return L(env, `Laissant son adversaire prisonnier de la glace, ${side(end.by, false)} s’éclipsa.`, `Leaving the foe locked in ice, ${side(end.by, false)} slipped away.`);
    case 'charmed': return L(env, `Sous le charme, son adversaire laissa ${side(end.by, false)} repartir sain et sauf.`, `Charmed, the foe let ${side(end.by, false)} go unharmed.`);
    case 'mercy': return L(env, `${side(end.who)} implora grâce, et on l’épargna.`, `${side(end.who)} begged for mercy, and was spared.`);
    case 'ransom': return L(env, `${side(end.who)} dut payer ${end.amount} écus de rançon.`, `${side(end.who)} had to pay a ransom of ${end.amount} écus.`);
    case 'rounds': return L(env, 'Épuisés, les adversaires rompirent le combat sans vainqueur.', 'Exhausted, the opponents broke off with no victor.');
    case 'refused': return L(env, 'La rencontre n’eut pas lieu.', 'The encounter did not take place.');
    default: {
      const why = end.why;
      const f = isFem(c[0]?.kind === 'character' ? c[0] : c[1], env);
      if (why === 'ignore') return L(env, `La créature se désintéressa ${f ? 'd’elle' : 'de lui'}, et ${f ? 'elle' : 'il'} put aller son chemin.`, `The creature lost interest in ${himEn(f)}, and ${heEn(f)} went ${hisEn(f)} way.`);
      if (why === 'quest') return L(env, 'Ils se quittèrent sur un marché conclu.', 'They parted with a bargain struck.');
      if (why === 'theft') return L(env, `${f ? 'Elle' : 'Il'} s’éloigna sans demander son reste.`, `${f ? 'She' : 'He'} slipped away without waiting for more.`);
      return L(env, 'Ils se séparèrent sans avoir croisé le fer.', 'They parted without crossing swords.');
    }
  }
}

const CAUSE_FR: Record<string, string> = {
  search: 'fouillant les lieux', meet: 'à sa rencontre', pursuit: 'au terme de sa poursuite', patrol: 'en patrouille',
  random: 'en chemin', 'theft-duel': '', 'kill-backlash': '', duel: 'avant la bataille',
};
const CAUSE_EN: Record<string, string> = {
  search: 'searching the place', meet: 'as arranged', pursuit: 'at the end of the chase', patrol: 'on patrol',
  random: 'on the road', 'theft-duel': '', 'kill-backlash': '', duel: 'before the battle',
};

export const MESSAGES: MessageTable = {
  'enc-start': (e, env) => {
    const cause = String(e.cause);
    // A random encounter was just told by `random-encounter` ("On the road… ran into the Troll"): not again.
    if (cause === 'random') return '';
    // A search was just told by `search-start` ("approached the Tower…"): the guardian appears.
    if (cause === 'search') {
      const m = (e.a as Ref)?.kind === 'character' ? e.b : e.a;
      return pick([
        L(env, `Le gardien des lieux l’y attendait : ${who(m, env)}.`, `The guardian of the place was waiting: ${who(m, env)}.`),
        L(env, `Dans l’ombre, ${who(m, env)} veillait sur les lieux.`, `In the shadows, ${who(m, env)} kept watch over the place.`),
      ], refId(e.a), refId(e.b), Number(e.at));
    }
    const tail = env.lang === 'fr' ? (CAUSE_FR[cause] ? `, ${CAUSE_FR[cause]}` : '') : (CAUSE_EN[cause] ? `, ${CAUSE_EN[cause]}` : '');
    return pick([
      L(env, `${capital(aFr(at(e, env)))}${tail}, ${who(e.a, env)} se trouva face ${aFr(who(e.b, env))}.`, `At ${at(e, env)}${tail}, ${who(e.a, env)} came face to face with ${who(e.b, env)}.`),
      L(env, `${capital(aFr(at(e, env)))}${tail}, ${who(e.a, env)} et ${who(e.b, env)} se retrouvèrent face à face.`, `At ${at(e, env)}${tail}, ${who(e.a, env)} and ${who(e.b, env)} met face to face.`),
    ], refId(e.a), refId(e.b), Number(e.at));
  },
  'enc-end': (e, env) => endText(e, env),
  'enc-advance': (e, env) => {
    const r = Number(e.range);
    const c = who(e.c, env, true);
    const k = [refId(e.c), Number(e.round), r, Number(e.at)];
    return r === 2
      ? pick([
        L(env, `${c} fondit sur son adversaire : on en vint au corps-à-corps.`, `${c} rushed at the foe, and it came to hand-to-hand fighting.`),
        L(env, `${c} combla la distance et engagea le corps-à-corps.`, `${c} closed the distance and came to grips.`),
        L(env, `D’un bond, ${who(e.c, env)} fut au contact.`, `In one bound, ${who(e.c, env)} was at close quarters.`),
      ], ...k)
      : pick([
        L(env, `${c} s’avança jusqu’à portée d’arc.`, `${c} closed to bow range.`),
        L(env, `${c} gagna du terrain, jusqu’à portée de trait.`, `${c} gained ground, to within bowshot.`),
      ], ...k);
  },
  'enc-hit': (e, env) => {
    const A = who(e.att, env, true), a = who(e.att, env), D = who(e.def, env, true), d = who(e.def, env), n = pts(e.dmg, env);
    const k = [refId(e.att), refId(e.def), Number(e.at), Number(e.blow ?? e.round)];
    return e.how === 'missile'
      ? turn([
        L(env, `Le trait ${deFr(a)} fit mouche, infligeant ${n} de dégâts ${aFr(d)}.`, `${A}'s shot struck home, inflicting ${n} of damage on ${d}.`),
        L(env, `${A} visa juste : ${n} de dégâts pour ${d}.`, `${A} aimed true: ${n} of damage to ${d}.`),
        L(env, `${D} fut ${isFem(e.def, env) ? 'atteinte' : 'atteint'} par un trait ${deFr(a)} (${n} de dégâts).`, `${D} was hit by a shot from ${a} (${n} of damage).`),
      ], k)
      : turn([
        L(env, `${A} frappa ${d} sans merci, lui infligeant ${n} de dégâts.`, `${A} struck ${d} without mercy, inflicting ${n} of damage.`),
        L(env, `${A} porta ${aFr(d)} un coup terrible : ${n} de dégâts.`, `${A} dealt ${d} a terrible blow: ${n} of damage.`),
        L(env, `${D} encaissa un rude coup ${deFr(a)} (${n} de dégâts).`, `${D} took a heavy blow from ${a} (${n} of damage).`),
        L(env, `Le coup ${deFr(a)} porta : ${d} perdit ${n}.`, `${A}'s blow landed: ${d} lost ${n}.`),
        L(env, `${A} trouva la faille dans la garde ${deFr(d)} et frappa : ${n} de dégâts.`, `${A} found the gap in ${d}'s guard and struck: ${n} of damage.`),
        L(env, `Le fer chanta, et ${d} chancela sous le coup ${deFr(a)} (${n} de dégâts).`, `Steel rang, and ${d} reeled under ${a}'s blow (${n} of damage).`),
      ], k);
  },
  'enc-miss': (e, env) => {
    const A = who(e.att, env, true), a = who(e.att, env), D = who(e.def, env, true), d = who(e.def, env);
    const k = [refId(e.att), refId(e.def), Number(e.at), Number(e.blow ?? e.round)];
    return e.how === 'missile'
      ? turn([
        L(env, `Le trait ${deFr(a)} manqua sa cible.`, `${A}'s shot went wide.`),
        L(env, `Le trait ${deFr(a)} se perdit au loin.`, `${A}'s shot flew harmlessly past.`),
        L(env, `${D} évita de justesse le trait ${deFr(a)}.`, `${D} narrowly avoided ${a}'s shot.`),
      ], k)
      : turn([
        L(env, `${D} esquiva le coup ${deFr(a)}.`, `${D} dodged ${a}'s blow.`),
        L(env, `${D} para le coup ${deFr(a)}.`, `${D} parried ${a}'s blow.`),
        L(env, `${A} frappa dans le vide.`, `${A} struck at empty air.`),
        L(env, `Le coup ${deFr(a)} ne rencontra que le vide.`, `${A}'s blow met nothing but air.`),
        L(env, `${D} rompit d’un pas, et l’attaque ${deFr(a)} passa à un cheveu.`, `${D} gave a step, and ${a}'s attack passed a hair's breadth away.`),
        L(env, `${A} chargea, mais ${d} se déroba au dernier instant.`, `${A} lunged, but ${d} slipped aside at the last moment.`),
      ], k);
  },
  'enc-drain': (e, env) => L(env, `La Main de mort arracha encore ${pts(e.dmg, env)} de vie ${aFr(who(e.def, env))}.`, `The Hand of Death tore ${pts(e.dmg, env)} more of life from ${who(e.def, env)}.`),
  'enc-archery-break': (_e, env) => L(env, "L’échange de traits cessa brusquement.", 'The exchange of arrows broke off.'),
  'enc-flee': (e, env) => e.ok
    ? L(env, `${capital(who(e.c, env, true))} prit la fuite${e.auto ? ', profitant de la stupeur de son adversaire' : ''}.`, `${capital(who(e.c, env, true))} took flight${e.auto ? ', while the foe was still dazed' : ''}.`)
    : L(env, `${capital(who(e.c, env, true))} tenta de fuir, mais ${who(e.opp, env)} lui coupa la retraite.`, `${capital(who(e.c, env, true))} tried to flee, but ${who(e.opp, env)} cut off ${hisEn(isFem(e.c, env))} retreat.`),
  'enc-mercy': (e, env) => e.ok
    ? L(env, `À genoux, ${who(e.c, env)} implora la clémence ${deFr(who(e.opp, env))}, qui la lui accorda.`, `On ${hisEn(isFem(e.c, env))} knees, ${who(e.c, env)} begged ${who(e.opp, env)} for mercy, and it was granted.`)
    : L(env, `${capital(who(e.c, env, true))} implora grâce, en vain.`, `${capital(who(e.c, env, true))} begged for mercy, in vain.`),
  'enc-interrupted': (e, env) => L(env, `Le sort ${deFr(who(e.c, env))} fut interrompu par l’événement.`, `${capital(who(e.c, env, true))}'s spell was interrupted by the event.`),
  'enc-dazed': (e, env) => L(env, `${capital(who(e.c, env, true))}, ${isFem(e.c, env) ? 'hébétée' : 'hébété'}, était incapable de rassembler ses esprits.`, `${capital(who(e.c, env, true))} was dazed, unable to collect ${hisEn(isFem(e.c, env))} wits.`),
  'enc-weapon': (e, env) => L(env, `${capital(env.character(Number(e.who)))} tira ${String(e.itemName)}.`, `${capital(env.character(Number(e.who)))} drew ${String(e.itemName)}.`),
  'enc-mirror': (e, env) => {
    switch (e.what) {
      case 'disbelieved': return L(env, `${capital(who(e.victim, env, true))} ne crut plus à l’illusion, qui se dissipa.`, `${capital(who(e.victim, env, true))} saw through the illusion, which faded away.`);
      case 'fight': return L(env, `${capital(who(e.victim, env, true))} se battait contre son propre reflet.`, `${capital(who(e.victim, env, true))} fought its own reflection.`);
      case 'destroyed': return L(env, `Le double illusoire se brisa sous les coups.`, `The illusory double shattered under the blows.`);
      case 'victim-falls': return L(env, `${capital(who(e.victim, env, true))} s’effondra, vaincu par son double… qui se tourna vers son créateur.`, `${capital(who(e.victim, env, true))} collapsed, beaten by its double… which turned on its maker.`);
      case 'caster-wins': return L(env, `${capital(who(e.c, env, true))} dissipa l’illusion et acheva ${who(e.victim, env)}.`, `${capital(who(e.c, env, true))} dispelled the illusion and finished off ${who(e.victim, env)}.`);
      case 'image-wins': return L(env, `L’image triompha ${deFr(who(e.c, env))}, et ${who(e.victim, env)} revint à lui pour l’achever.`, `The image overcame ${who(e.c, env)}, and ${who(e.victim, env)} came round to finish him.`);
      default: return L(env, 'Les deux illusions s’annulèrent.', 'The two illusions cancelled each other out.');
    }
  },
  'enc-say': (e, env) => L(env, `« ${String(e.text)} », dit ${String(e.c)}.`, `"${String(e.text)}", said ${String(e.c)}.`),
  'enc-give': (e, env) => L(env, `${capital(String(e.c))} remit ${list(e.items, env)} ${aFr(monster(e.opp, env))}.`, `${capital(String(e.c))} handed ${list(e.items, env)} to ${monster(e.opp, env)}.`),
  'enc-talk': (e, env) => {
    const opp = monster(e.opp, env);
    switch (e.outcome) {
      case 'not-understood': return L(env, `${capital(String(e.c))} tenta de parlementer, mais ${opp} ne comprit rien.`, `${capital(String(e.c))} tried to parley, but ${opp} did not understand a word.`);
      case 'attack': return L(env, `${capital(String(e.c))} tenta de parlementer ; pour toute réponse, ${opp} attaqua.`, `${capital(String(e.c))} tried to parley; ${opp} answered with an attack.`);
      case 'ignore': return L(env, `${capital(String(e.c))} parlementa ; ${opp} l’ignora superbement.`, `${capital(String(e.c))} parleyed; ${opp} ignored him loftily.`);
      case 'quest': {
        const q = e.quest as { kind: string; target?: number; amount?: number };
        const task = q.kind === 'pay' ? L(env, `lui apporter ${q.amount} écus`, `bring it ${q.amount} écus`)
          : q.kind === 'kill' ? L(env, `tuer le gardien du lieu ${q.target}`, `slay the guardian of site ${q.target}`)
          : q.kind === 'visit' ? L(env, `se rendre ${aFr(env.province(Number(q.target)))}`, `journey to ${env.province(Number(q.target))}`)
          : L(env, `lui rapporter l’objet ${q.target}`, `bring it item ${q.target}`);
        return L(env, `${opp.charAt(0).toUpperCase() + opp.slice(1)} proposa un marché ${aFr(String(e.c))} : ${task}, puis revenir ici en rendre compte.`, `${opp.charAt(0).toUpperCase() + opp.slice(1)} offered ${String(e.c)} a bargain: ${task}, then come back to report.`);
      }
      case 'refused': return L(env, `${capital(String(e.c))} voulut parler, mais ${String(e.opp)} n’était pas d’humeur à discuter.`, `${capital(String(e.c))} wished to talk, but ${String(e.opp)} was in no mood for words.`);
      default: {
        const i = e.info as { alignment?: string; temperament?: string; wage?: number } | undefined;
        const al = (nameOf(ALIGNMENT_NAMES, i?.alignment, env.lang)).toLowerCase(), tp = (nameOf(TEMPERAMENT_NAMES, i?.temperament, env.lang)).toLowerCase();
        const extra = i?.alignment ? L(env, ` Il semblait d’alignement ${al}, d’humeur ${tp}${i.wage !== undefined ? `, et demandait ${i.wage} écus` : ''}.`, ` He seemed ${al}, of ${tp} temper${i.wage !== undefined ? `, asking ${i.wage} écus` : ''}.`) : '';
        return L(env, `${String(e.c)} s’entretint avec ${String(e.opp)}.${extra}`, `${String(e.c)} talked with ${String(e.opp)}.${extra}`);
      }
    }
  },
  'enc-fulfil': (e, env) => {
    const opp = monster(e.opp, env);
    switch (e.outcome) {
      case 'paid': return e.itemName
        ? L(env, `${capital(String(e.c))} rendit compte de sa mission ; ${opp} lui remit ${String(e.itemName)}.`, `${capital(String(e.c))} reported his task done; ${opp} gave him ${String(e.itemName)}.`)
        : L(env, `${capital(String(e.c))} rendit compte de sa mission ; ${opp} lui remit ${e.gold} écus.`, `${capital(String(e.c))} reported his task done; ${opp} paid him ${e.gold} écus.`);
      case 'betrayed': return L(env, `${opp.charAt(0).toUpperCase() + opp.slice(1)} renia sa parole et attaqua ${String(e.c)}.`, `${opp.charAt(0).toUpperCase() + opp.slice(1)} broke its word and attacked ${String(e.c)}.`);
      case 'unpaid': return L(env, `${opp.charAt(0).toUpperCase() + opp.slice(1)} ne tint pas sa promesse.`, `${opp.charAt(0).toUpperCase() + opp.slice(1)} did not keep its promise.`);
      case 'unmet': return L(env, `${capital(String(e.c))} revint trop tôt : la mission n’était pas accomplie.`, `${capital(String(e.c))} came back too early: the task was not done.`);
      default: return L(env, `${capital(String(e.c))} n’avait aucune mission à rapporter ici.`, `${capital(String(e.c))} had no task to report here.`);
    }
  },
  'enc-theft': (e, env) => {
    if (e.ok) {
      const what = e.itemName ? String(e.itemName) : L(env, `${e.gold ?? 0} écus`, `${e.gold ?? 0} écus`);
      return L(env, `D’un geste furtif, ${String(e.thief)} déroba ${what} ${aFr(monster(e.victim, env))}.`, `With a furtive hand, ${String(e.thief)} stole ${what} from ${monster(e.victim, env)}.`);
    }
    switch (e.outcome) {
      case 'executed': return L(env, `${String(e.thief)} fut pris la main dans le sac.`, `${String(e.thief)} was caught red-handed.`);
      case 'ransom': return L(env, `${String(e.thief)} fut pris la main dans le sac et dut payer rançon.`, `${String(e.thief)} was caught red-handed and had to pay a ransom.`);
      case 'duel': return L(env, `${String(e.thief)} fut surpris en plein larcin : il fallut se battre.`, `${String(e.thief)} was caught in the act: there was nothing for it but to fight.`);
      default: return L(env, `${String(e.thief)} fut repéré, mais ne fut pas pris.`, `${String(e.thief)} was spotted, but not caught.`);
    }
  },
  'enc-spoils': (e, env) => {
    const items = (e.items as string[]).length ? L(env, ` et ${list(e.items, env)}`, ` and ${list(e.items, env)}`) : '';
    return L(env, `Sur la dépouille ${deFr(monster(e.monster, env))}, ${env.character(Number(e.who))} trouva ${e.gold} écus${items}.`, `On the remains of ${monster(e.monster, env)}, ${env.character(Number(e.who))} found ${e.gold} écus${items}.`);
  },
  'enc-refused': (e, env) => L(env, `Jugeant le combat trop inégal, ${String(e.c)} refusa d’affronter ${monster(e.opp, env)}.`, `Judging the fight too uneven, ${String(e.c)} refused to face ${monster(e.opp, env)}.`),
  'character-died': (e, env) => {
    const n = env.character(Number(e.id));
    const f = femId(e.id, env);
    if (e.role === 'King') {
      return L(env, `${n} est ${f ? 'morte' : 'mort'}. Le royaume pleure ${f ? 'sa Reine' : 'son Roi'} ; l’Héritier royal se prépare ${aFr(f ? 'lui' : 'lui')} succéder.`, `${n} is dead. The kingdom mourns its ${f ? 'Queen' : 'King'}; the Royal Heir prepares to succeed ${himEn(f)}.`);
    }
    return pick([
      L(env, `Ainsi périt ${n}, ${aFr(at(e, env))}, où son corps repose désormais.`, `Thus perished ${n}, at ${at(e, env)}, where ${hisEn(f)} body now lies.`),
      L(env, `${n} ne reviendra pas : son corps repose ${aFr(at(e, env))}.`, `${n} will not come back: ${hisEn(f)} body lies at ${at(e, env)}.`),
    ], Number(e.id), Number(e.at));
  },
  'temperament-changed': (e, env) => {
    const f = femId(e.who, env);
    const fr: Record<string, string> = { Cowardly: f ? 'couarde' : 'couard', Cautious: f ? 'prudente' : 'prudent', Brave: 'brave', Berserk: 'berserk' };
    const en = nameOf(TEMPERAMENT_NAMES, e.temperament as string, 'en').toLowerCase();
    return L(env, `Cette rencontre a changé ${env.character(Number(e.who))} : ${f ? 'la' : 'le'} voilà désormais ${fr[String(e.temperament)] ?? 'changé'}.`, `The encounter changed ${env.character(Number(e.who))}: from now on ${heEn(f)} is ${en}.`);
  },
  'ravage-stopped': (e, env) => L(env, `${capital(monster(e.monster, env, true))} regagna son repaire et cessa de ravager ${at(e, env)}.`, `${capital(monster(e.monster, env, true))} went back to its lair and stopped ravaging ${at(e, env)}.`),
  'ravage-start': (e, env) => L(env, `Enhardi, ${monster(e.monster, env)} quitta son repaire et se mit à ravager ${at(e, env)} : les impôts en souffriront.`, `Grown bold, ${monster(e.monster, env)} left its lair and began to ravage ${at(e, env)}: the taxes will suffer.`),
  'ravage-goes-on': (e, env) => L(env, `${capital(monster(e.monster, env, true))} continua de ravager ${at(e, env)}.`, `${capital(monster(e.monster, env, true))} went on ravaging ${at(e, env)}.`),
  'random-encounter': (e, env) => L(env, `En chemin, ${aFr(at(e, env))}, ${env.character(Number(e.who))} tomba sur ${monster(e.monster, env)}.`, `On the road at ${at(e, env)}, ${env.character(Number(e.who))} ran into ${monster(e.monster, env)}.`),
  'site-rediscovered': (e, env) => {
    const fr = typeof e.siteName === 'string' ? siteOf(e, env, 'fr') : typeof e.site === 'number' ? `le lieu n° ${e.site}` : 'le lieu recherché';
    const en = typeof e.siteName === 'string' ? siteOf(e, env, 'en') : typeof e.site === 'number' ? `site ${e.site}` : 'the site he sought';
    return L(env, `Sur la foi d’un récit venu d’une cour étrangère, ${env.character(Number(e.who))} battit ${at(e, env)} en tous sens et finit par trouver ${fr}.`, `Acting on a tale from a foreign court, ${env.character(Number(e.who))} scoured ${at(e, env)} and at last found ${en}.`);
  },
  'search-start': (e, env) => e.monster
    ? L(env, `${capital(env.character(Number(e.who)))} s’approcha ${deFr(siteOf(e, env, 'fr'))}, bien ${femId(e.who, env) ? 'décidée' : 'décidé'} à triompher du gardien qui y demeurait sûrement.`, `${capital(env.character(Number(e.who)))} approached ${siteOf(e, env, 'en')}, intending to triumph over the guardian that surely dwelt there.`)
    : L(env, `${capital(env.character(Number(e.who)))} pénétra dans ${siteOf(e, env, 'fr')}, que nul ne gardait plus.`, `${capital(env.character(Number(e.who)))} entered ${siteOf(e, env, 'en')}, which no one guarded any more.`),
  'search-treasure': (e, env) => {
    const items = (e.items as string[]).length ? L(env, ` et ${list(e.items, env)}`, ` and ${list(e.items, env)}`) : '';
    return L(env, `${capital(env.character(Number(e.who)))} y trouva ${e.gold} écus${items}.`, `${capital(env.character(Number(e.who)))} found ${e.gold} écus${items} there.`);
  },
  'search-empty': (e, env) => L(env, `${capital(env.character(Number(e.who)))} fouilla les lieux, qui étaient vides.`, `${capital(env.character(Number(e.who)))} searched the place, which was empty.`),
  'site-sensed': (e, env) => {
    const n = env.character(Number(e.who));
    const what = SITE_FAMILY[String(e.event)] ?? { fr: 'un pouvoir ancien', en: 'an ancient power' };
    if (e.result === 'described') return L(env, `${n} sentit que le lieu recelait ${what.fr}, sans pouvoir l’éveiller tant que son gardien veillait.`, `${n} sensed that the place held ${what.en}, but could not awaken it while its guardian watched.`);
    return L(env, `${n} trouva ${what.fr} du lieu endormi : son pouvoir semblait épuisé pour l’heure.`, `${n} found ${what.en} of the place asleep: its power seemed spent for now.`);
  },
  'pursuit-ended': (e, env) => e.why === 'dead'
    ? L(env, `${capital(env.character(Number(e.who)))} renonça à poursuivre ${env.character(Number(e.target))}, qui n’est plus de ce monde.`, `${capital(env.character(Number(e.who)))} gave up the chase: ${env.character(Number(e.target))} is no more.`)
    : L(env, `${capital(env.character(Number(e.who)))}, à la tête de ses armées, ne pouvait poursuivre un homme seul.`, `${capital(env.character(Number(e.who)))}, leading armies, could not chase a lone man.`),
  'pursuit-blocked': (e, env) => {
    const r = e.reason as { fr?: string; en?: string } | undefined;
    return L(env, `${capital(env.character(Number(e.who)))} dut renoncer à poursuivre ${env.character(Number(e.target))} : ${r?.fr ?? 'ses armées ne pouvaient aller plus loin'}.`, `${capital(env.character(Number(e.who)))} had to give up the chase of ${env.character(Number(e.target))}: ${r?.en ?? 'his armies could go no further'}.`);
  },
  'pursuit-caught': (e, env) => L(env, `${capital(env.character(Number(e.who)))} rattrapa ${env.character(Number(e.target))} ${aFr(at(e, env))}.`, `${capital(env.character(Number(e.who)))} caught up with ${env.character(Number(e.target))} at ${at(e, env)}.`),
  'pursuit-trail': (e, env) => L(env, `${capital(env.character(Number(e.who)))} suivit la piste ${deFr(env.character(Number(e.target)))} jusqu’${aFr(at(e, env))}.`, `${capital(env.character(Number(e.who)))} followed the trail of ${env.character(Number(e.target))} to ${at(e, env)}.`),
  'track-trail': (e, env) => L(env, `${capital(env.character(Number(e.who)))} suivit la trace ${deFr(env.character(Number(e.target)))} jusqu’${aFr(at(e, env))}.`, `${capital(env.character(Number(e.who)))} tracked ${env.character(Number(e.target))} as far as ${at(e, env)}.`),
  'track-ended': (e, env) => L(env, `${capital(env.character(Number(e.who)))} ne trouva que la dépouille ${deFr(env.character(Number(e.target)))}.`, `${capital(env.character(Number(e.who)))} found only the remains of ${env.character(Number(e.target))}.`),
  'track-report': (e, env) => {
    const f = femId(e.target, env);
    const items = (e.items as string[]).length ? list(e.items, env) : L(env, 'rien de notable', 'nothing of note');
    const n = (e.armies as unknown[]).length;
    const lo = (x: string) => x.toLowerCase();
    const race = nameOf(RACE_SINGULAR, e.race as string, env.lang), al = nameOf(ALIGNMENT_NAMES, e.alignment as string, env.lang), tp = nameOf(TEMPERAMENT_NAMES, e.temperament as string, env.lang);
    const Il = f ? 'Elle' : 'Il', He = f ? 'She' : 'He';
    const leadsFr = n ? `mène ${n} armée${n > 1 ? 's' : ''}` : 'ne mène aucune armée';
    const leadsEn = n ? `leads ${n} arm${n === 1 ? 'y' : 'ies'}` : 'leads no army';
    const provs = Array.isArray(e.provinces) ? (e.provinces as number[]).map((p) => env.province(p)) : [];
    const fr = `${env.character(Number(e.who))} fila ${String(e.name)} ${aFr(at(e, env))} : ${race}, d’alignement ${lo(al)}, de tempérament ${lo(tp)}. ${Il} porte ${items} et ${leadsFr}.${e.action ? ` Cette saison, ${f ? 'elle' : 'il'} avait pour ordre « ${String(e.action)} ».` : ''}${e.treasury !== undefined ? ` Son trésor : ${e.treasury} écus ; ses provinces : ${provs.join(', ') || 'aucune'}.` : ''}`;
    const en = `${env.character(Number(e.who))} shadowed ${String(e.name)} at ${at(e, env)}: ${race}, ${lo(al)}, ${lo(tp)}. ${He} carries ${items} and ${leadsEn}.${e.action ? ` This season ${hisEn(f)} order was "${String(e.action)}".` : ''}${e.treasury !== undefined ? ` Treasury: ${e.treasury} écus; provinces: ${provs.join(', ') || 'none'}.` : ''}`;
    return L(env, fr, en);
  },
  'patrol-start': (e, env) => L(env, `${capital(env.character(Number(e.who)))} commença à patrouiller autour ${deFr(at(e, env))}.`, `${capital(env.character(Number(e.who)))} began to patrol around ${at(e, env)}.`),
  'patrol-missed': (e, env) => L(env, `${capital(env.character(Number(e.who)))} crut repérer un intrus, mais s’égara jusqu’${aFr(at(e, env))}.`, `${capital(env.character(Number(e.who)))} thought he saw an intruder, but strayed as far as ${at(e, env)}.`),
  'patrol-intercept': (e, env) => L(env, `${capital(env.character(Number(e.who)))}, en patrouille, intercepta ${env.character(Number(e.intruder))} ${aFr(at(e, env))}.`, `${capital(env.character(Number(e.who)))}, on patrol, intercepted ${env.character(Number(e.intruder))} at ${at(e, env)}.`),
  'duel-challenge': (e, env) => {
    const a = env.character(Number(e.a)), b = env.character(Number(e.b));
    const ch = e.challengerA && e.challengerB ? L(env, `${a} et ${b} se défièrent mutuellement`, `${a} and ${b} challenged each other`)
      : e.challengerA ? L(env, `${a} défia ${b} en combat singulier`, `${a} challenged ${b} to single combat`) : L(env, `${b} défia ${a} en combat singulier`, `${b} challenged ${a} to single combat`);
    return L(env, `Avant la bataille, ${ch}, sous les yeux des deux armées.`, `Before the battle, ${ch}, before the eyes of both armies.`);
  },
  'duel-refused': (e, env) => e.bluff
    ? L(env, `${capital(env.character(Number(e.who)))} déclina le duel avec une excuse si habile que ses troupes n’y virent que sagesse.`, `${capital(env.character(Number(e.who)))} declined the duel with so clever an excuse that his troops saw only wisdom in it.`)
    : L(env, `${capital(env.character(Number(e.who)))} refusa le duel ; ses troupes, dégoûtées par sa lâcheté, perdirent cœur.`, `${capital(env.character(Number(e.who)))} refused the duel; his troops, disgusted by his cowardice, lost heart.`),
};

/** The families of G-19 site events, as a searcher senses them. */
const SITE_FAMILY: Record<string, { fr: string; en: string }> = {
  spring: { fr: 'une source aux eaux étranges', en: 'a spring of strange waters' },
  shrine: { fr: 'un autel consacré', en: 'a consecrated shrine' },
  library: { fr: 'une bibliothèque oubliée', en: 'a forgotten library' },
  oracle: { fr: 'un oracle', en: 'an oracle' },
  training: { fr: 'une salle d’armes hantée', en: 'a haunted training hall' },
  portal: { fr: 'un portail de pierre', en: 'a stone portal' },
};
