/**
 * Prose renderers of the kingdom domain's events (see report/types.ts), in French and English:
 * gifts, hiring and firing, training, discoveries, succession, the treasury statement, unpaid
 * Heroes and armies, diplomacy, scientific exchanges, votes, the coronation and the end.
 */
import type { Lang } from '../../../engine/ruleset.ts';
import type { AKEvent } from '../events.ts';
import type { Temperament } from '../state.ts';
import {
  ALIGNMENT_NAMES, capital, variant, CHAR_NAMES, deFr, ecus, listJoin, nameOf, OFFICE_NAMES, QUALITY_NAMES, RELATION_NAMES, TEMPERAMENT_NAMES, theArmy, aFr } from '../report/names.ts';
import type { MessageTable, RenderEnv } from '../report/types.ts';
import { inventionName } from '../world/inventions.ts';

const L = (env: RenderEnv, fr: string, en: string): string => (env.lang === 'fr' ? fr : en);
const num = (x: unknown): number => (typeof x === 'number' ? x : 0);
const ids = (x: unknown): number[] => (Array.isArray(x) ? (x as number[]) : []);

function who(e: AKEvent, env: RenderEnv): string {
  return typeof e.who === 'number' ? env.character(e.who) : L(env, 'Quelqu’un', 'Someone');
}
function fem(env: RenderEnv, id: unknown): boolean {
  return typeof id === 'number' && env.s.characters[id]?.sex === 'F';
}
/** French agreement: `e` after a past participle for a woman. */
const e_ = (env: RenderEnv, id: unknown): string => (fem(env, id) ? 'e' : '');
const his = (env: RenderEnv, id: unknown): string => (fem(env, id) ? 'her' : 'his');
const he = (env: RenderEnv, id: unknown): string => (fem(env, id) ? 'she' : 'he');

function charName(code: unknown, lang: Lang): string {
  return nameOf(CHAR_NAMES, typeof code === 'string' ? code : undefined, lang);
}
function invention(code: unknown, lang: Lang): string {
  return inventionName(String(code), lang);
}
function chars(env: RenderEnv, list: unknown): string {
  return listJoin(ids(list).map((id) => env.character(id)), env.lang);
}
/** French `du royaume d’Aquilonia (Roi 1)` from `le royaume d’Aquilonia (Roi 1)`. */
function duKingdom(env: RenderEnv, k: number): string {
  return env.kingdomName(k).replace(/^le /, 'du ');
}
/** A decimal as each language writes it: `55,2` / `55.2`. */
function dec(x: number, env: RenderEnv): string {
  const t = String(Math.round(x * 100) / 100);
  return env.lang === 'fr' ? t.replace('.', ',') : t;
}
/** A relation in quotes for French (no agreement to make), plain in English. */
function rel(env: RenderEnv, r: unknown): string {
  const n = nameOf(RELATION_NAMES, String(r), env.lang);
  return env.lang === 'fr' ? `« ${n} »` : n;
}

/** One season of training told on its own (events from before the folding, or a sample). */
function season(e: AKEvent, env: RenderEnv): string {
    const c = charName(e.code, env.lang);
    const w0 = who(e, env), w = capital(w0);
    const partners = ids(e.partners);
    const withWhom = partners.length ? L(env, ` aux côtés ${deFr(chars(env, partners))}`, ` alongside ${chars(env, partners)}`) : '';
    if (e.blocked) {
      return L(env, `${w} s’exerça en ${c}${withWhom}, en vain : c’est un art qui lui restera à jamais fermé.`, `${w} practised ${c}${withWhom}, in vain: it is an art that will stay closed to ${fem(env, e.who) ? 'her' : 'him'} for ever.`);
    }
    if (e.gained) {
      const apt = e.aptitudeRose ? L(env, ' Ses dons naturels s’en trouvèrent accrus.', ` ${fem(env, e.who) ? 'Her' : 'His'} natural gifts grew with it.`) : '';
      return L(env, `${w} s’exerça en ${c}${withWhom} et progressa jusqu’au niveau ${num(e.level)}.${apt}`, `${w} practised ${c}${withWhom} and rose to level ${num(e.level)}.${apt}`);
    }
    if (e.mode === 'teaching') return L(env, `${w} transmit ce qu’${fem(env, e.who) ? 'elle' : 'il'} savait en ${c} ${aFr(chars(env, partners))}, sans rien apprendre de neuf.`, `${w} taught ${c} to ${chars(env, partners)}, learning nothing new.`);
    // No progress this season: one of several wordings, from the character, the season and the year
    // (G-98: no RNG), so that four quiet seasons of study do not read as the same sentence four times.
    const f = fem(env, e.who);
    const quiet = [
      L(env, `${w} s’exerça en ${c}${withWhom}, sans progrès notable.`, `${w} practised ${c}${withWhom}, without notable progress.`),
      L(env, `${w} persévéra en ${c}${withWhom}, sans résultat visible pour l’instant.`, `${w} kept at ${c}${withWhom}, with nothing to show for it yet.`),
      L(env, `${w} passa la saison à s’exercer en ${c}${withWhom} ; les progrès se font attendre.`, `${w} spent the season practising ${c}${withWhom}; progress is slow in coming.`),
      L(env, `${f ? 'Studieuse' : 'Studieux'}, ${w0} s’appliqua encore en ${c}${withWhom}, sans percée notable.`, `${w} applied ${f ? 'herself' : 'himself'} once more to ${c}${withWhom}, without a breakthrough.`),
    ];
    return quiet[(variant(quiet.length, num(e.who), env.s.turn) + e.phase) % quiet.length]!;
}

/** An alignment said of a woman (« la reine … est Mauvaise »). */
const ALIGNMENT_FEM: Record<string, string> = { Divine: 'Divine', Good: 'Bonne', Druid: 'Druide', Neutral: 'Neutre', Pagan: 'Païenne', Evil: 'Mauvaise', Undead: 'Morte-Vivante' };

export const MESSAGES: MessageTable = {
  // ── Gifts ──
  'gold-given': (e, env) => {
    const amount = ecus(num(e.amount), env.lang);
    const target = env.character(num(e.target));
    if (e.fromKingdom === env.kingdom) {
      return L(env, `${capital(who(e, env))} remit ${amount} ${aFr(target)}${e.toKingdom === null ? ', qui les empocha sans rien promettre' : `, pour le compte ${duKingdom(env, num(e.toKingdom))}`}.`,
        `${capital(who(e, env))} handed ${amount} to ${target}${e.toKingdom === null ? ', who pocketed them and promised nothing' : `, for ${env.kingdomName(num(e.toKingdom))}`}.`);
    }
    return L(env, `${capital(who(e, env))} remit ${amount} ${aFr(target)} : l’or rejoignit notre trésor.`, `${capital(who(e, env))} handed ${amount} to ${target}: the gold went into our treasury.`);
  },
  'item-given': (e, env) => {
    const item = env.s.items[num(e.item)]?.name ?? `n° ${num(e.item)}`;
    return L(env, `${capital(who(e, env))} remit l’objet ${item} ${aFr(env.character(num(e.target)))}.`, `${capital(who(e, env))} gave the ${item} to ${env.character(num(e.target))}.`);
  },
  'items-exchanged': (e, env) => {
    const gave = env.s.items[num(e.gave)]?.name ?? `n° ${num(e.gave)}`;
    const got = env.s.items[num(e.got)]?.name ?? `n° ${num(e.got)}`;
    return L(env, `${capital(who(e, env))} et ${env.character(num(e.target))} échangèrent leurs trésors : ${gave} contre ${got}.`,
      `${capital(who(e, env))} and ${env.character(num(e.target))} exchanged their treasures: the ${gave} for the ${got}.`);
  },

  // ── Heroes ──
  'hero-hired': (e, env) => {
    const h = num(e.hero);
    return L(env, `${capital(who(e, env))} convainquit ${env.character(h)} d’entrer au service du royaume pour ${ecus(num(e.wage), env.lang)} par an, payés sur-le-champ. ${env.character(h)} recevra ses premiers ordres à la saison suivante.`,
      `${capital(who(e, env))} persuaded ${env.character(h)} to enter the kingdom’s service for ${ecus(num(e.wage), env.lang)} a year, paid on the spot. ${env.character(h)} will take orders from the next season.`);
  },
  'hire-refused': (e, env) => {
    const h = env.character(num(e.hero));
    if (e.tooFar) {
      return L(env, `${capital(who(e, env))} offrit ${ecus(num(e.offer), env.lang)} ${aFr(h)}, qui répondit qu’aucune somme raisonnable ne l’achèterait : ses idéaux étaient trop éloignés des nôtres.`,
        `${capital(who(e, env))} offered ${ecus(num(e.offer), env.lang)} to ${h}, who answered that no reasonable sum would buy ${fem(env, e.hero) ? 'her' : 'him'}: ${his(env, e.hero)} ideals and ours are worlds apart.`);
    }
    return L(env, `${capital(who(e, env))} offrit ${ecus(num(e.offer), env.lang)} ${aFr(h)}, qui refusa d’un haussement d’épaules : l’offre était trop maigre.`,
      `${capital(who(e, env))} offered ${ecus(num(e.offer), env.lang)} to ${h}, who refused with a shrug: the offer was too meagre.`);
  },
  'hero-fired': (e, env) => {
    const h = num(e.hero);
    const armies = ids(e.armies).length;
    const tail = armies ? L(env, ' Les troupes sous son commandement restèrent sur place.', ` The troops ${he(env, h)} led stayed where they were.`) : '';
    return L(env, `${who(e, env)} renvoya ${env.character(h)}, qui retourna à la vie privée et partit errer par le monde.${tail}`,
      `${who(e, env)} dismissed ${env.character(h)}, who returned to private life and went off to wander the world.${tail}`);
  },
  'unpaid-hero-left': (e, env) => {
    const h = num(e.hero);
    return L(env, `Faute de gages, ${env.character(h)} quitta le service du royaume et s’en alla, mécontent${e_(env, h)}, chercher fortune ailleurs.`,
      `Unpaid, ${env.character(h)} left the kingdom’s service and went off, disgruntled, to seek ${his(env, h)} fortune elsewhere.`);
  },

  // ── Training and discoveries ──
  // A season folded into the year's line (`training-year`) says nothing on its own.
  training: (e, env) => (e.folded ? '' : season(e, env)),
  'training-year': (e, env) => {
    const list = Array.isArray(e.seasons) ? (e.seasons as { code: string; mode: string; level: number; gained: boolean; aptitudeRose: boolean; blocked: boolean; partners: number[] }[]) : [];
    if (!list.length) return '';
    const w = capital(who(e, env));
    const f = fem(env, e.who);
    const codes = [...new Set(list.map((x) => x.code))];
    const parts = codes.map((code) => {
      const ss = list.filter((x) => x.code === code);
      const n = ss.length;
      const c = charName(code, env.lang);
      const partners = [...new Set(ss.flatMap((x) => x.partners))].sort((a, b) => a - b);
      const withWhom = partners.length ? L(env, ` aux côtés ${deFr(chars(env, partners))}`, ` alongside ${chars(env, partners)}`) : '';
      const last = ss[n - 1]!;
      const seasonsFr = n === 1 ? 'une saison' : `${n} saisons`, seasonsEn = n === 1 ? 'one season' : `${n} seasons`;
      const result = ss.some((x) => x.blocked)
        ? L(env, ' (en vain : cet art lui restera à jamais fermé)', ` (in vain: that art will stay closed to ${f ? 'her' : 'him'} for ever)`)
        : ss.some((x) => x.gained)
          ? L(env, ` (jusqu’au niveau ${last.level})`, ` (up to level ${last.level})`)
          : ss.every((x) => x.mode === 'teaching')
            ? L(env, ' (à transmettre son savoir, sans rien apprendre de neuf)', ' (teaching, learning nothing new)')
            : L(env, ' (sans progrès notable)', ' (without notable progress)');
      return L(env, `pendant ${seasonsFr} en ${c}${withWhom}${result}`, `${c} for ${seasonsEn}${withWhom}${result}`);
    });
    const apt = list.some((x) => x.aptitudeRose) ? L(env, ' Ses dons naturels s’en trouvèrent accrus.', ` ${f ? 'Her' : 'His'} natural gifts grew with it.`) : '';
    return L(env, `Au fil de l’année, ${w} s’exerça ${listJoin(parts, 'fr')}.${apt}`, `Over the year, ${w} practised ${listJoin(parts, 'en')}.${apt}`);
  },
  'talent-gained': (e, env) => L(env, `L’expérience aidant, ${who(e, env)} atteignit le niveau ${num(e.level)} en ${charName(e.code, 'fr')}.`, `With experience, ${who(e, env)} reached level ${num(e.level)} in ${charName(e.code, 'en')}.`),
  'army-trained': (e, env) => {
    const a = theArmy(num(e.army), String(e.type), env.lang);
    const q = nameOf(QUALITY_NAMES, String(e.quality), env.lang);
    return L(env, `Sous ses ordres, ${a} s’aguerrit : sa qualité monte à « ${q} ».`,
      `Under ${his(env, e.who)} command, ${a} grew seasoned: its quality rises to ${q}.`);
  },
  discovery: (e, env) => {
    const inv = invention(e.invention, env.lang);
    const first = e.first ? L(env, ' Nul au monde ne la connaissait avant nous.', ' No one in the world knew of it before us.') : '';
    return L(env, `Penché${e_(env, e.who)} sur ses grimoires, ${who(e, env)} fit une découverte : ${inv}.${first}`, `Bent over ${his(env, e.who)} books, ${who(e, env)} made a discovery: ${inv}.${first}`);
  },
  'science-exchange': (e, env) => {
    const mineA = e.a === env.kingdom;
    const other = env.kingdomName(num(mineA ? e.b : e.a));
    const got = ids(mineA ? e.bGave : e.aGave).map((x) => invention(x, env.lang));
    const gave = ids(mineA ? e.aGave : e.bGave).map((x) => invention(x, env.lang));
    if (e.apart) return L(env, `Nos savants rencontrèrent ceux ${other.startsWith('le ') ? `du ${other.slice(3)}` : `${deFr(other)}`}, mais leurs croyances les tinrent à distance : rien ne fut échangé cette année.`, `Our scholars met those of ${other}, but their beliefs kept them apart: nothing was exchanged this year.`);
    if (!got.length && !gave.length) return L(env, `Nos savants rencontrèrent ceux ${other.startsWith('le ') ? `du ${other.slice(3)}` : `${deFr(other)}`}, mais nul n’avait de secret que l’autre ignorât.`, `Our scholars met those of ${other}, but neither side had a secret the other lacked.`);
    const parts: string[] = [];
    if (got.length) parts.push(L(env, `nous apprîmes ${listJoin(got, 'fr')}`, `we learnt ${listJoin(got, 'en')}`));
    if (gave.length) parts.push(L(env, `nous leur enseignâmes ${listJoin(gave, 'fr')}`, `we taught them ${listJoin(gave, 'en')}`));
    return L(env, `Traité scientifique avec ${other} : ${parts.join(', et ')}.`, `Scientific treaty with ${other}: ${parts.join(', and ')}.`);
  },
  'science-no-contact': (e, env) => {
    // One line for all the allies out of reach (older events name one pair: a, b).
    const partners = Array.isArray(e.partners) ? (e.partners as number[]) : [num(e.a === env.kingdom ? e.b : e.a)];
    const names = listJoin(partners.map((p) => env.kingdomName(p)), env.lang);
    const many = partners.length > 1;
    return L(env, `Aucun échange de savoir avec ${names} : nos royaumes ne se touchent pas et aucun des nôtres ne se trouve sur ${many ? 'leurs terres' : 'ses terres'}.`,
      `No exchange of learning with ${names}: our realms do not touch and none of ours stands on ${many ? 'their lands' : 'its lands'}.`);
  },

  // ── Succession ──
  'king-succeeded': (e, env) => {
    const dead = env.character(num(e.dead));
    const heir = env.character(num(e.heir));
    // The ruler's sex (issue 17 §2): « La Reine Eleara est morte », the Heir « Héritière royale ».
    const f = fem(env, e.dead), hf = fem(env, e.heir);
    return L(env, `${f ? 'La Reine' : 'Le Roi'} ${dead} est ${f ? 'morte' : 'mort'} ! Le royaume ne reste pas sans maître : ${heir}, ${hf ? 'Héritière royale' : 'Héritier royal'}, monte sur le trône et porte les ossements de ${f ? 'sa devancière' : 'son prédécesseur'}. Tant que ses caractéristiques ne sont pas fixées et qu’${hf ? 'elle' : 'il'} n’a pas gagné plus de 4 niveaux, un sort de Résurrection lancé sur ${hf ? 'elle' : 'lui'} peut encore ramener ${dead}.`,
      `${f ? 'Queen' : 'King'} ${dead} is dead! The kingdom does not go without a master: ${heir}, the Royal Heir, takes the throne and carries the bones of ${his(env, e.dead)} predecessor. While ${his(env, e.heir)} characteristics are unassigned and ${he(env, e.heir)} has gained no more than 4 levels, a Resurrect spell cast on ${fem(env, e.heir) ? 'her' : 'him'} can still bring ${dead} back.`);
  },
  'heir-assigned': (e, env) => {
    const lv = Object.entries((e.levels ?? {}) as Record<string, number>).map(([c, n]) => `${charName(c, env.lang)} +${n}`);
    // G-11: the Heir's sex and temperament, when the sheet chose them (the event is emitted after they are set).
    const female = e.sex === 'F' || (e.sex === undefined && fem(env, e.who));
    // The dead ruler whose bones the Heir carried: his or her sex (issue 17 §2).
    const late = typeof e.who === 'number' ? env.s.characters[e.who]?.heir?.ofKing : undefined;
    const lateF = late !== undefined && env.s.characters[late]?.sex === 'F';
    const t = typeof e.temperament === 'string' && e.temperament in TEMPERAMENT_NAMES ? e.temperament as Temperament : null;
    const adj = t ? TEMPERAMENT_NAMES[t].fr.toLowerCase() + (female && /(couard|prudent)$/.test(TEMPERAMENT_NAMES[t].fr.toLowerCase()) ? 'e' : '') : '';
    const nature = e.sex !== undefined
      ? L(env, ` ${female ? 'Elle' : 'Il'} régnera en ${female ? 'reine' : 'roi'}${t ? `, d’humeur ${adj}` : ''}.`,
        ` ${female ? 'She' : 'He'} will reign as ${female ? 'queen' : 'king'}${t ? `, of ${TEMPERAMENT_NAMES[t].en.toLowerCase()} temper` : ''}.`)
      : t ? L(env, ` ${female ? 'Elle' : 'Il'} sera d’humeur ${adj}.`, ` ${female ? 'She' : 'He'} will be of ${TEMPERAMENT_NAMES[t].en.toLowerCase()} temper.`) : '';
    return L(env, `${capital(who(e, env))} reçut ses caractéristiques de souverain (${lv.join(', ')}).${nature} Les ossements ${lateF ? 'de la défunte Reine' : 'du défunt Roi'} ne peuvent plus être ramenés à la vie par son entremise.`,
      `${capital(who(e, env))} received ${his(env, e.who)} sovereign’s characteristics (${lv.join(', ')}).${nature} The late ${lateF ? 'Queen' : 'King'}’s bones can no longer be raised through ${fem(env, e.who) ? 'her' : 'him'}.`);
  },
  'heir-assignment-refused': (e, env) => {
    const r = (e.reason ?? { fr: '', en: '' }) as { fr: string; en: string };
    return L(env, `Les caractéristiques de l’Héritier n’ont pas été fixées : ${r.fr}.`, `The Heir’s characteristics were not assigned: ${r.en}.`);
  },

  // ── Treasury ──
  treasury: (e, env) => {
    const lang = env.lang;
    const out: string[] = [];
    const n = num(e.provinces);
    out.push(L(env, `Impôts levés dans ${n} province${n > 1 ? 's' : ''} : ${ecus(num(e.taxes), lang)}.`, `Taxes raised in ${n} province${n === 1 ? '' : 's'}: ${ecus(num(e.taxes), lang)}.`));
    const prov = (list: unknown) => listJoin(ids(list).map((p) => env.province(p)), lang);
    if (ids(e.blessed).length) out.push(L(env, `La bénédiction des prêtres fit prospérer ${prov(e.blessed)}.`, `The priests’ blessing made ${prov(e.blessed)} prosper.`));
    if (ids(e.quaked).length) out.push(L(env, `Le tremblement de terre ne laissa rien à lever ${aFr(prov(e.quaked))}.`, `The earthquake left nothing to tax in ${prov(e.quaked)}.`));
    if (ids(e.ravaged).length) out.push(L(env, `Un monstre ravage ${prov(e.ravaged)} : les impôts y ont été réduits de moitié.`, `A monster is ravaging ${prov(e.ravaged)}: taxes there were halved.`));
    if (num(e.inventions)) out.push(L(env, `Nos inventions rapportèrent ${ecus(num(e.inventions), lang)} de plus.`, `Our inventions brought in ${ecus(num(e.inventions), lang)} more.`));
    if (num(e.received)) out.push(L(env, `Dons reçus d’autres rois : ${ecus(num(e.received), lang)}.`, `Gifts from other Kings: ${ecus(num(e.received), lang)}.`));
    if (num(e.given)) out.push(L(env, `Dons faits à d’autres : ${ecus(num(e.given), lang)}.`, `Gifts made to others: ${ecus(num(e.given), lang)}.`));
    if (num(e.hiring)) out.push(L(env, `Gages versés à l’engagement de nouveaux Héros : ${ecus(num(e.hiring), lang)}.`, `Wages paid on hiring new Heroes: ${ecus(num(e.hiring), lang)}.`));
    const other = num(e.other);
    if (other < 0) out.push(L(env, `Autres dépenses de l’année (recrutements, rançons, vols…) : ${ecus(-other, lang)}.`, `Other spending this year (recruitment, ransoms, thefts…): ${ecus(-other, lang)}.`));
    if (other > 0) out.push(L(env, `Autres recettes de l’année (trésors, récompenses…) : ${ecus(other, lang)}.`, `Other receipts this year (treasure, rewards…): ${ecus(other, lang)}.`));
    if (num(e.wages)) out.push(L(env, `Gages des Héros : ${ecus(num(e.wages), lang)}.`, `Heroes’ wages: ${ecus(num(e.wages), lang)}.`));
    if (num(e.armyPay)) out.push(L(env, `Solde des armées : ${ecus(num(e.armyPay), lang)}.`, `Armies’ pay: ${ecus(num(e.armyPay), lang)}.`));
    if (ids(e.heroesUnpaid).length) out.push(L(env, `Le trésor n’a pu payer ${chars(env, e.heroesUnpaid)}.`, `The treasury could not pay ${chars(env, e.heroesUnpaid)}.`));
    const au = ids(e.armiesUnpaid).length;
    if (au) out.push(L(env, `${au} armée${au > 1 ? 's' : ''} n’${au > 1 ? 'ont' : 'a'} pas reçu sa solde.`.replace('sa solde', au > 1 ? 'leur solde' : 'sa solde'), `${au} arm${au === 1 ? 'y' : 'ies'} went unpaid.`));
    return out.join(' ');
  },

  // ── Diplomacy ──
  'relation-changed': (e, env) => {
    const other = env.kingdomName(num(e.a === env.kingdom ? e.b : e.a));
    const to = nameOf(RELATION_NAMES, String(e.relation), env.lang);
    const from = nameOf(RELATION_NAMES, String(e.from), env.lang);
    if (e.cause === 'early-break') {
      return L(env, `Dès le printemps, la rupture est consommée avec ${other} : la relation passe ${deFr(rel(env, e.from))} ${aFr(rel(env, e.relation))}.`, `At the first thaw of spring, the break with ${other} took effect: from ${from}, relations are now ${to}.`);
    }
    if (e.cause === 'druid-treaty') {
      // Seed §10.3: « les diplomates de ce royaume sont conquis par l'art druidique de persuasion […] Un traité sera signé même sans traité réciproque ».
      return e.druid === env.kingdom
        ? L(env, `Notre offre de traité a suffi : conquis par l’art druidique de la persuasion, les diplomates ${deFr(other)} ont signé sans que leur Roi l’ait proposé. Nos relations passent ${deFr(rel(env, e.from))} ${aFr(rel(env, e.relation))}.`,
          `Our offer of a treaty was enough: won over by the Druidic art of persuasion, the envoys of ${other} signed although their King had not proposed it. Relations go from ${from} to ${to}.`)
        : L(env, `Un traité est signé avec ${other}, que nous n’avions pas proposé : nos diplomates, conquis par l’art druidique de la persuasion et la doctrine druidique d’harmonie, l’ont accepté. Seul un ordre de rupture donné le même tour l’aurait empêché. Nos relations passent ${deFr(rel(env, e.from))} ${aFr(rel(env, e.relation))}.`,
          `A treaty is signed with ${other}, which we had not proposed: our envoys, won over by the Druidic art of persuasion and the Druidic doctrine of harmony, accepted it. Only a break order given the same turn would have prevented it. Relations go from ${from} to ${to}.`);
    }
    if (e.cause === 'druid-retroactive') {
      return L(env, `L’alliance avec ${other}, scellée par la persuasion druidique, vaut depuis le début de l’année.`, `The alliance with ${other}, sealed by Druidic persuasion, holds from the start of the year.`);
    }
    const better = ['Enemy', 'Neutral', 'Allied'].indexOf(String(e.relation)) > ['Enemy', 'Neutral', 'Allied'].indexOf(String(e.from));
    return better
      ? L(env, `Un traité est signé avec ${other} : nos relations passent ${deFr(rel(env, e.from))} ${aFr(rel(env, e.relation))}.`, `A treaty is signed with ${other}: our realms go from ${from} to ${to}.`)
      : L(env, `Les relations avec ${other} se dégradent : elles passent ${deFr(rel(env, e.from))} ${aFr(rel(env, e.relation))}.`, `Relations with ${other} worsen: from ${from}, they are now ${to}.`);
  },
  'special-neighbour': (e, env) => {
    const queen = env.s.characters[env.s.kingdoms[num(e.kingdom)]?.king ?? -1]?.sex === 'F';
    return L(env, `Nos diplomates l’affirment : ${queen ? 'la reine' : 'le roi'} ${deFr(env.kingdomName(num(e.kingdom)))}, notre ${queen ? 'voisine' : 'voisin'}, est ${queen ? ALIGNMENT_FEM[String(e.alignment)] ?? nameOf(ALIGNMENT_NAMES, String(e.alignment), 'fr') : nameOf(ALIGNMENT_NAMES, String(e.alignment), 'fr')}.`,
      `Our envoys are certain: the ${queen ? 'Queen' : 'King'} of ${env.kingdomName(num(e.kingdom))}, our neighbour, is ${nameOf(ALIGNMENT_NAMES, String(e.alignment), 'en')}.`);
  },

  // ── Votes and victory ──
  'vote-called': (e, env) => {
    const callers = listJoin(ids(e.callers).map((k) => (env.lang === 'fr' ? duKingdom(env, k) : env.kingdomName(k))), env.lang);
    return L(env, `À la demande ${callers}, une élection impériale se tiendra à la fin de l’année ${num(e.turn)} : que chaque roi indique pour qui il vote (VOTE POUR n).`,
      `At the call of ${callers}, an imperial election will be held at the end of year ${num(e.turn)}: each King should name his choice (VOTE FOR n).`);
  },
  'vote-refused': (_e, env) => L(env, 'Votre appel au vote est rejeté : on ne vote pas deux années de suite.', 'Your call for a vote is refused: no vote may be held two years in a row.'),
  election: (e, env) => {
    const tally = Object.entries((e.tally ?? {}) as Record<string, number>).sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${env.kingdomName(Number(k))} : ${v}`.replace(' : ', env.lang === 'fr' ? ' : ' : ': '));
    const result = e.winner === null
      ? L(env, `Nul n’obtient plus de la moitié des ${num(e.world)} voix du monde : la partie continue.`, `No one obtains more than half of the world’s ${num(e.world)} votes: the game goes on.`)
      : L(env, `${capital(env.kingdomName(num(e.winner)))} l’emporte.`, `${capital(env.kingdomName(num(e.winner)))} wins.`);
    return L(env, `Élection impériale. Voix (pesées par la base fiscale) : ${tally.length ? tally.join(', ') : 'aucune'}. ${result}`,
      `Imperial election. Votes (weighed by tax base): ${tally.length ? tally.join(', ') : 'none'}. ${result}`);
  },
  'emperor-crowned': (e, env) => {
    const k = env.kingdomName(num(e.kingdom));
    const share = dec(num(e.world) ? Math.round((1000 * num(e.held)) / num(e.world)) / 10 : 0, env);
    if (e.how === 'election') return L(env, `Par la voix des rois, le souverain ${duKingdom(env, num(e.kingdom))} est couronné Empereur du Monde !`, `By the voice of the Kings, the sovereign of ${k} is crowned Emperor of the World!`);
    if (e.how === 'turn-limit') return L(env, `Le temps des rois s’achève : le souverain ${duKingdom(env, num(e.kingdom))}, maître de la plus grande base fiscale (${share} %), est couronné Empereur du Monde.`, `The age of Kings is over: the sovereign of ${k}, master of the largest tax base (${share} %), is crowned Emperor of the World.`);
    return L(env, `Le souverain ${duKingdom(env, num(e.kingdom))} tient ${share} % des richesses du monde, plus que les ${num(e.pct)} % requis, et reçoit la couronne d’Empereur du Monde !`, `The sovereign of ${k} holds ${share} % of the world’s wealth, more than the ${num(e.pct)} % required, and takes the crown of Emperor of the World!`);
  },
  'victory-final': (e, env) => {
    const scores = (e.scores ?? {}) as Record<string, number>;
    const holders = (e.holders ?? {}) as Record<string, number | null>;
    const offices = Object.entries(holders).filter(([, c]) => typeof c === 'number')
      .map(([o, c]) => `${nameOf(OFFICE_NAMES, o, env.lang)} : ${env.character(c as number)}`.replace(' : ', env.lang === 'fr' ? ' : ' : ': '));
    const mine = scores[String(env.kingdom)];
    const vp = mine === undefined ? '' : L(env, ` Votre royaume termine avec ${dec(mine, env)} points de victoire.`, ` Your kingdom ends with ${dec(mine, env)} victory points.`);
    return L(env, `Les charges impériales sont attribuées — ${offices.join(' ; ') || 'aucune'}.${vp}`, `The Imperial Offices are awarded — ${offices.join('; ') || 'none'}.${vp}`);
  },
};
