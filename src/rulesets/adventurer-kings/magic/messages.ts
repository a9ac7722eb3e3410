/**
 * Prose renderers of the magic domain's events (see report/types.ts), in French and English.
 * Events: `spell-cast` (an action spell, by talent or item), `spell-felt` (what other kingdoms
 * suffer or notice), `plague-spread`, `enc-spell` (a combat spell in an encounter),
 * `magic-experience`, `illusion-dissipated`, `site-revealed`.
 */
import type { AKEvent } from '../events.ts';
import type { MessageTable, RenderEnv } from '../report/types.ts';
import { monster } from '../encounters/messages.ts';
import { isSpellCode, SPELLS } from './spells.ts';
import { atPlace, capital, deFr, aFr } from '../report/names.ts';

type L2 = { fr: string; en: string };
const pick = (env: RenderEnv, x: L2): string => x[env.lang];

function who(e: AKEvent, env: RenderEnv): string {
  return typeof e.who === 'number' ? env.character(e.who) : env.lang === 'fr' ? 'Un sorcier' : 'A sorcerer';
}
function fem(e: AKEvent, env: RenderEnv, id: unknown = e.who): boolean {
  return typeof id === 'number' && env.s.characters[id]?.sex === 'F';
}
function spellName(e: AKEvent, env: RenderEnv): string {
  const c = String(e.spell);
  return isSpellCode(c) ? SPELLS[c].name[env.lang] : c;
}
function ch(e: AKEvent, env: RenderEnv): string {
  return typeof e.character === 'number' ? env.character(e.character) : '?';
}
function prov(e: AKEvent, env: RenderEnv): string {
  const p = typeof e.province === 'number' ? e.province : e.at;
  return typeof p === 'number' ? env.province(p) : '?';
}
type ArmyRef = { id: number; type: string };
function armies(env: RenderEnv, list: unknown): string {
  const a = (Array.isArray(list) ? list : []) as ArmyRef[];
  const names = a.map((x) => env.army(x.id, x.type));
  if (names.length <= 1) return names.join('');
  const and = env.lang === 'fr' ? ' et ' : ' and ';
  return names.slice(0, -1).join(', ') + and + names[names.length - 1];
}
const n = (list: unknown): number => (Array.isArray(list) ? list.length : 0);

/** How the spell is called up: the gestures of each college (or the item). */
function casting(e: AKEvent, env: RenderEnv): string {
  const name = who(e, env);
  const sp = spellName(e, env);
  const f = fem(e, env);
  if (typeof e.item === 'number') {
    const item = env.s.items[e.item]?.name ?? `#${e.item}`;
    return pick(env, { fr: `${name} éveilla le pouvoir ${deFr(item)} et en libéra un sort ${deFr(sp)}.`, en: `${name} woke the power of ${item} and released from it a ${sp} spell.` });
  }
  const college = isSpellCode(String(e.spell)) ? SPELLS[String(e.spell) as 'BL'].college : 'Wh';
  const x: Record<string, L2> = {
    Wh: { fr: `Les mains jointes, ${name} pria les puissances célestes et invoqua un sort ${deFr(sp)}.`, en: `Hands joined, ${name} prayed to the heavenly powers and invoked a ${sp} spell.` },
    Ps: { fr: `Les yeux clos, ${name} rassembla toute la force de son esprit pour lancer un sort ${deFr(sp)}.`, en: `Eyes closed, ${name} gathered all the strength of ${f ? 'her' : 'his'} mind to cast a ${sp} spell.` },
    Il: { fr: `D’un geste ample, ${name} tissa les voiles de l’illusion en un sort ${deFr(sp)}.`, en: `With a sweeping gesture, ${name} wove the veils of illusion into a ${sp} spell.` },
    El: { fr: `Par de grands mouvements des bras, ${name} rassembla les forces surnaturelles des éléments pour lancer un sort ${deFr(sp)}.`, en: `With movements of ${f ? 'her' : 'his'} arms, ${name} marshalled the supernatural forces of the elements to cast a ${sp} spell.` },
    Ne: { fr: `Dans un murmure sépulcral, ${name} appela les puissances de la mort et lança un sort ${deFr(sp)}.`, en: `In a sepulchral whisper, ${name} called on the powers of death and cast a ${sp} spell.` },
  };
  return pick(env, x[college] ?? x.Wh!);
}

function castOutcome(e: AKEvent, env: RenderEnv): string {
  const p = prov(e, env);
  const c = ch(e, env);
  const f = fem(e, env, e.character);
  switch (`${e.spell}:${e.outcome}`) {
    case 'PA:strait': return pick(env, { fr: `Les eaux du détroit ${deFr(p)} s’écartèrent : on le passera à pied sec jusqu’à la fin de l’année, mais aucun navire ne le franchira.`, en: `The waters of the strait by ${p} drew apart: it can be crossed dry-shod until the end of the year, but no ship will pass it.` });
    case 'PA:dried': return pick(env, { fr: `Les eaux ${deFr(p)} s’écartèrent en deux murailles frémissantes, découvrant le fond de la mer jusqu’à la fin de l’année.`, en: `The waters of ${p} drew apart into two trembling walls, laying bare the sea floor until the end of the year.` });
    case 'PA:cancelled': case 'FL:cancelled': return pick(env, { fr: `Les deux enchantements s’annulèrent : ${p} retrouva son état naturel.`, en: `The two enchantments cancelled each other: ${p} returned to its natural state.` });
    case 'FL:flooded': return pick(env, { fr: `Des pluies diluviennes noyèrent ${p} ; aucune armée de terre n’y bougera plus cette année.`, en: `Torrential rains drowned ${p}; no land army will move there again this year.` });
    case 'BL:blessed': case 'BL:already': {
      const k = Number(e.skeletons ?? 0);
      const base = e.outcome === 'already'
        ? pick(env, { fr: `Une lumière dorée descendit sur ${p}, déjà bénie : la grâce ne s’ajoute pas à la grâce.`, en: `A golden light came down on ${p}, already blessed: grace does not add to grace.` })
        : pick(env, { fr: `Une lumière dorée descendit sur ${p} : ses récoltes seront abondantes et ses impôts en hausse de 60 % cette année.`, en: `A golden light came down on ${p}: its harvests will be plentiful and its taxes 60 % higher this year.` });
      return k > 0 ? `${base} ${pick(env, { fr: `${k} armée(s) de squelettes qui y reposaient tombèrent en poussière à jamais.`, en: `${k} skeleton army(ies) lying there crumbled into dust for ever.` })}` : base;
    }
    case 'EA:quake': return pick(env, { fr: `La terre gronda et se fendit sous ${p} ; la province ne paiera aucun impôt cette année.`, en: `The earth rumbled and split beneath ${p}; the province will pay no taxes this year.` });
    case 'TO:tornado': return n(e.armies) > 0
      ? pick(env, { fr: `Une tornade hurlante balaya ${p} et dispersa aux quatre vents ${armies(env, e.armies)}.`, en: `A howling tornado swept through ${p} and scattered ${armies(env, e.armies)} to the four winds.` })
      : pick(env, { fr: `Une tornade hurlante balaya ${p}, mais aucune armée ne fut emportée.`, en: `A howling tornado swept through ${p}, but no army was carried away.` });
    case 'PL:plague': {
      const d = n(e.destroyed); const w = n(e.weakened);
      let s = pick(env, { fr: `Une pestilence noire s’abattit sur ${p}.`, en: `A black pestilence fell upon ${p}.` });
      if (d > 0) s += ' ' + pick(env, { fr: `Elle emporta ${armies(env, e.destroyed)}.`, en: `It carried off ${armies(env, e.destroyed)}.` });
      if (w > 0) s += ' ' + pick(env, { fr: `${armies(env, e.weakened)} en sortirent affaiblies.`, en: `${armies(env, e.weakened)} came out of it weakened.` });
      if (d + w === 0) s += ' ' + pick(env, { fr: `Aucune armée n’y succomba.`, en: `No army succumbed to it.` });
      return s;
    }
    case 'PL:already': return pick(env, { fr: `Mais ${p} était déjà en proie au fléau.`, en: `But ${p} was already in the grip of the plague.` });
    case 'IL:illusion': {
      const t = String(e.terrain ?? '');
      const tr: Record<string, L2> = { Plain: { fr: 'une plaine', en: 'a plain' }, Desert: { fr: 'un désert', en: 'a desert' }, Jungle: { fr: 'une jungle', en: 'a jungle' }, Forest: { fr: 'une forêt', en: 'a forest' }, Mountain: { fr: 'des montagnes', en: 'mountains' }, Sea: { fr: 'la mer', en: 'the sea' } };
      return pick(env, { fr: `Aux yeux des voisins, ${p} prit l’apparence ${deFr(pick(env, tr[t] ?? { fr: t, en: t }))}.`, en: `To the eyes of its neighbours, ${p} took on the look of ${pick(env, tr[t] ?? { fr: t, en: t })}.` });
    }
    case 'HI:hidden': {
      const site = typeof e.site === 'number' ? env.s.sites[e.site]?.name ?? `#${e.site}` : '?';
      const r = e.ravagingStopped ? pick(env, { fr: ' Le monstre qui y gîtait cessa ses ravages.', en: ' The monster that lairs there stopped its ravaging.' }) : '';
      return pick(env, { fr: `Un voile d’illusion recouvrit ${site} : les explorateurs passeront désormais sans le voir.`, en: `A veil of illusion covered ${site}: explorers will now pass by without seeing it.` }) + r;
    }
    case 'SK:raised': return pick(env, { fr: `Le sol ${deFr(p)} se souleva et des os blanchis s’assemblèrent : ${armies(env, e.armies)} se levèrent pour servir leur nouveau maître.`, en: `The soil of ${p} heaved and bleached bones came together: ${armies(env, e.armies)} rose to serve their new master.` });
    case 'SK:none': return pick(env, { fr: `Mais aucune armée ne reposait sous le sol ${deFr(p)} : rien ne se leva.`, en: `But no army lay beneath the soil of ${p}: nothing rose.` });
    case 'RE:risen': return pick(env, { fr: `Le souffle revint dans le corps ${deFr(c)}, qui se releva, dépouillé de ses biens, et jura fidélité à son sauveur.`, en: `Breath returned to the body of ${c}, who rose, stripped of ${f ? 'her' : 'his'} possessions, and swore fealty to ${f ? 'her' : 'his'} saviour.` });
    case 'RE:king': return pick(env, { fr: `Des ossements sacrés se leva ${c}, ${f ? 'reine' : 'roi'} de nouveau par la grâce du ciel.`, en: `From the sacred bones rose ${c}, ${f ? 'Queen' : 'King'} once more by the grace of heaven.` });
    case 'RE:good': return pick(env, { fr: `Une lumière divine emplit ${c}, dont l’âme se tourna vers le Bien.`, en: `A divine light filled ${c}, whose soul turned toward Good.` });
    case 'CH:charmed': {
      const u = e.alignment ? pick(env, { fr: ` Son âme s’assombrit (${String(e.alignment)}).`, en: ` ${f ? 'Her' : 'His'} soul darkened (${String(e.alignment)}).` }) : '';
      return pick(env, { fr: `${c} succomba au charme et entra à son service sans rien exiger d’autre que ses gages.`, en: `${c} fell under the charm and entered service asking nothing but ${f ? 'her' : 'his'} wages.` }) + u;
    }
    case 'OR:oration': return pick(env, { fr: `Sa harangue enflamma les cœurs : les armées qui marchent avec ${c} combattront cette année avec une ardeur nouvelle.`, en: `The oration set hearts ablaze: the armies marching with ${c} will fight this year with new ardour.` });
    case 'PH:phantom': return pick(env, { fr: `Des armées fantômes se formèrent dans la brume et prirent place aux côtés ${deFr(c)} pour le reste de l’année.`, en: `Phantom armies formed in the mist and took their place beside ${c} for the rest of the year.` });
    case 'CL:vision': return pick(env, { fr: `Dans un miroir d’eau noire apparut ${c}, ${atPlace(prov(e, env), 'fr')} ; tout ce qui lui arrivera cette année sera su.`, en: `In a mirror of black water appeared ${c}, in ${prov(e, env)}; all that befalls ${f ? 'her' : 'him'} this year will be known.` });
    case 'KI:killed': return pick(env, { fr: `Les aiguilles s’enfoncèrent dans la figurine ; au même instant ${c} s’effondra, mort.`, en: `The needles sank into the figurine; at that very moment ${c} collapsed, dead.` });
    case 'KI:immune-king': return pick(env, { fr: `Mais ${c} est de sang royal : la figurine resta sans pouvoir.`, en: `But ${c} is of royal blood: the figurine remained powerless.` });
    case 'KI:immune-undead': return pick(env, { fr: `Mais on ne tue pas ce qui est déjà mort : ${c} n’en ressentit rien.`, en: `But one cannot kill what is already dead: ${c} felt nothing.` });
    default: return '';
  }
}

function castFailed(e: AKEvent, env: RenderEnv): string {
  const name = capital(who(e, env)); // « Un personnage inconnu tenta… » at the start of the sentence
  const sp = spellName(e, env);
  let s = pick(env, { fr: `${name} tenta de lancer un sort ${deFr(sp)}, mais les forces surnaturelles se dérobèrent : le sort échoua.`, en: `${name} tried to cast a ${sp} spell, but the supernatural forces slipped away: the spell failed.` });
  if (e.outcome === 'backlash') {
    s += ' ' + pick(env, { fr: `Sentant la menace, ${ch(e, env)} fut saisi d’une rage berserk et se jeta sur le nécromancien.`, en: `Sensing the threat, ${ch(e, env)} was seized by a berserk rage and hurled ${fem(e, env, e.character) ? 'herself' : 'himself'} at the necromancer.` });
  }
  return s;
}

function felt(e: AKEvent, env: RenderEnv): string {
  const p = prov(e, env);
  const c = ch(e, env);
  switch (e.outcome) {
    case 'flooded': return pick(env, { fr: `Des pluies surnaturelles ont inondé ${p} ; les armées de terre y sont immobilisées pour l’année.`, en: `Unnatural rains flooded ${p}; land armies there are stuck for the year.` });
    case 'blessed': return pick(env, { fr: `Une lumière dorée est descendue sur ${p} : la province a été bénie.`, en: `A golden light came down on ${p}: the province has been blessed.` });
    case 'quake': return pick(env, { fr: `Un tremblement de terre a ravagé ${p} ; la province ne paiera aucun impôt cette année.`, en: `An earthquake shook ${p}; the province will pay no taxes this year.` });
    case 'tornado': return n(e.armies) > 0
      ? pick(env, { fr: `Une tornade surnaturelle a balayé ${p} et dispersé ${armies(env, e.armies)}.`, en: `An unnatural tornado swept through ${p} and scattered ${armies(env, e.armies)}.` })
      : pick(env, { fr: `Une tornade surnaturelle a balayé ${p} sans emporter d’armée.`, en: `An unnatural tornado swept through ${p} without carrying any army away.` });
    case 'plague': {
      let s = pick(env, { fr: `Un fléau s’est abattu sur ${p}.`, en: `A plague fell upon ${p}.` });
      if (n(e.destroyed)) s += ' ' + pick(env, { fr: `${capital(armies(env, e.destroyed))} y périrent.`, en: `${armies(env, e.destroyed)} perished there.` });
      if (n(e.weakened)) s += ' ' + pick(env, { fr: `${capital(armies(env, e.weakened))} en sortirent affaiblies.`, en: `${armies(env, e.weakened)} came out of it weakened.` });
      return s;
    }
    case 'skeletons': return pick(env, { fr: `Des morts se sont levés de la terre ${deFr(p)} : ${Number(e.count)} armée(s) de squelettes.`, en: `The dead rose from the soil of ${p}: ${Number(e.count)} skeleton army(ies).` });
    case 'charmed-away': return pick(env, { fr: `${c} a été ensorcelé et sert désormais un autre roi.`, en: `${c} was bewitched and now serves another King.` });
    case 'risen-away': return pick(env, { fr: `${c} a été ramené à la vie par un prêtre étranger et sert désormais son roi.`, en: `${c} was brought back to life by a foreign priest and now serves that priest’s King.` });
    case 'king-risen': return pick(env, { fr: `Par la grâce d’un prêtre étranger, ${c} est revenu d’entre les morts et a repris sa couronne.`, en: `By the grace of a foreign priest, ${c} came back from the dead and took up the crown again.` });
    case 'killed': return pick(env, { fr: `${c} s’est soudain effondré, le cœur transpercé par une sorcellerie lointaine.`, en: `${c} suddenly collapsed, heart pierced by a distant sorcery.` });
    case 'backlash': return pick(env, { fr: `${c} a senti la morsure d’une sorcellerie et s’est jeté, fou de rage, sur le nécromancien.`, en: `${c} felt the bite of sorcery and hurled into a mad rage at the necromancer.` });
    default: return '';
  }
}

/**
 * How a combat spell is cast, with the imagery of its college (issue 17 §2: « give spells their
 * imagery »), two wordings each, chosen from the event (G-98: no RNG): the seed's « par de grands
 * mouvements des bras » stays among them.
 */
function castingImage(e: AKEvent, c: string, sp: string): L2 {
  const C = capital(c);
  const code = typeof e.spell === 'string' && isSpellCode(e.spell) ? e.spell : null;
  const college = code ? SPELLS[code].college : null;
  const images: Record<string, L2[]> = {
    Wh: [
      { fr: `${C} leva les mains vers le ciel, et une lumière pure descendit sur lui : un sort ${deFr(sp)}.`, en: `${C} raised both hands to the sky, and a pure light came down: a ${sp} spell.` },
      { fr: `D’une prière murmurée, ${c} appela sur le combat la grâce d’un sort ${deFr(sp)}.`, en: `With a whispered prayer, ${c} called the grace of a ${sp} spell upon the fight.` },
    ],
    Ps: [
      { fr: `Les yeux fixés sur son adversaire, ${c} rassembla toute la force de son esprit en un sort ${deFr(sp)}.`, en: `Eyes fixed on the foe, ${c} gathered the whole strength of the mind into a ${sp} spell.` },
      { fr: `${C} porta deux doigts à sa tempe ; l’air se mit à vibrer d’un sort ${deFr(sp)}.`, en: `${C} touched two fingers to the temple; the air began to hum with a ${sp} spell.` },
    ],
    Il: [
      { fr: `${C} traça dans l’air des signes trompeurs, et les formes se brouillèrent : un sort ${deFr(sp)}.`, en: `${C} drew deceiving signs in the air, and shapes blurred: a ${sp} spell.` },
      { fr: `Un rire léger, un geste de la main, et ${c} tissa un sort ${deFr(sp)}.`, en: `A light laugh, a wave of the hand, and ${c} wove a ${sp} spell.` },
    ],
    El: [
      { fr: `Par de grands mouvements des bras, ${c} rassembla les forces surnaturelles de la magie pour lancer un sort ${deFr(sp)}.`, en: `With great sweeps of the arms, ${c} marshalled the supernatural forces of magic to cast a ${sp} spell.` },
      { fr: `${C} appela à lui le feu, l’eau, l’air et la terre ; le sol trembla sous un sort ${deFr(sp)}.`, en: `${C} called fire, water, air and earth; the ground shook under a ${sp} spell.` },
    ],
    Ne: [
      { fr: `${C} murmura des paroles impies, et un froid de tombe monta du sol : un sort ${deFr(sp)}.`, en: `${C} muttered unholy words, and a grave-cold rose from the ground: a ${sp} spell.` },
      { fr: `Penché sur une figurine d’os, ${c} prononça un sort ${deFr(sp)}.`, en: `Bent over a figurine of bone, ${c} spoke a ${sp} spell.` },
    ],
  };
  const list = images[college ?? 'El'] ?? images.El!;
  const k = Number(e.at ?? 0) + Number(e.casterId ?? 0) + Number(e.dmg ?? 0) + String(e.outcome ?? '').length;
  return list[(Number.isFinite(k) ? Math.abs(k) : 0) % list.length]!;
}

/** Combat spells: one sentence of casting, one of effect. */
function encSpell(e: AKEvent, env: RenderEnv): string {
  // A monster is named with its article (« l’Ogre »), a character by his name as the reader knows it.
  const c = typeof e.casterId === 'number' ? String(e.caster ?? '?') : monster(e.caster ?? '?', env);
  const v = typeof e.victimId === 'number' ? String(e.victim ?? '?') : monster(e.victim ?? '?', env);
  const C = capital(c), V = capital(v);
  const sp = spellName(e, env);
  if (!e.ok) {
    if (e.outcome === 'rage') return pick(env, { fr: `${C} tenta de dominer ${v} par un sort ${deFr(sp)}, mais échoua : la créature, folle de rage, gagna ${Number(e.gain)} points de vie.`, en: `${C} tried to master ${v} with a ${sp} spell, but failed: the creature, mad with rage, gained ${Number(e.gain)} hit points.` });
    if (e.outcome === 'berserk') return pick(env, { fr: `${C} tenta un sort ${deFr(sp)}, mais la figurine résista : ${v}, pris d’une rage berserk, redoubla de violence.`, en: `${C} tried a ${sp} spell, but the figurine resisted: ${v}, seized by a berserk rage, fought all the harder.` });
    return pick(env, { fr: `${C} tenta de lancer un sort ${deFr(sp)}, mais le sort échoua.`, en: `${C} tried to cast a ${sp} spell, but it failed.` });
  }
  const open = typeof e.item === 'number'
    ? pick(env, { fr: `${C} libéra le sort ${deFr(sp)} ${deFr(env.s.items[e.item]?.name ?? 'son objet magique')}.`, en: `${C} released the ${sp} spell of ${env.s.items[e.item]?.name ?? 'a magic item'}.` })
    : pick(env, castingImage(e, c, sp));
  const d = Number(e.dmg ?? 0);
  const x: Record<string, L2> = {
    'holy': { fr: `Une brume dorée en forme de croix se forma autour ${deFr(c)}.`, en: `A golden mist in the shape of a cross formed around ${c}.` },
    'holy-undead': { fr: `Une brume dorée en forme de croix se forma autour ${deFr(c)} ; ${v} recula en hurlant, brûlé ${deFr(d)} points.`, en: `A golden mist in the shape of a cross formed around ${c}; ${v} recoiled screaming, burnt for ${d} points.` },
    'confused': { fr: `${V} fut pris de convulsions, incapable de viser ou de lancer un sort.`, en: `${V} was seized by convulsions, unable to aim or to cast a spell.` },
    'confused-animal': { fr: `${V} se mit à tituber, à demi égaré.`, en: `${V} began to stagger, half bewildered.` },
    'no-mind': { fr: `Mais ${v} n’a point d’esprit à troubler.`, en: `But ${v} has no mind to trouble.` },
    'charmed': { fr: `${V} baissa sa garde, soudain amical, et ${c} s’éloigna sain et sauf.`, en: `${V} lowered its guard, suddenly friendly, and ${c} walked away unharmed.` },
    'dazed': { fr: `Un vent psychique frappa ${v}, hébété pour ${Number(e.rounds)} assauts.`, en: `A psychic wind struck ${v}, dazed for ${Number(e.rounds)} blows.` },
    'storm': { fr: `Une tempête d’objets fondit sur ${v} (${d} points) ; quelques éclats frappèrent ${c} (${Number(e.backlash)} points).`, en: `A storm of objects fell on ${v} (${d} points); a few shards struck ${c} (${Number(e.backlash)} points).` },
    'underwater': { fr: `Mais le sort se perdit dans les profondeurs où se tient ${v}.`, en: `But the spell was lost in the depths where ${v} dwells.` },
    'invisible': { fr: `${C} s’effaça dans l’air et devint presque impossible à toucher.`, en: `${C} faded into the air and became hard to strike.` },
    'mirror': { fr: `Un double ${deFr(v)} surgit du néant et se jeta sur lui.`, en: `A double of ${v} sprang from nothing and hurled itself upon the original.` },
    'mirror-cancel': { fr: `Les deux illusions se heurtèrent et s’évanouirent ensemble.`, en: `The two illusions clashed and vanished together.` },
    'burnt': { fr: `Une boule de feu frappa ${v} de plein fouet : ${d} points de dégâts.`, en: `A fireball struck ${v} full on: ${d} points of damage.` },
    'slowed': { fr: `Une gangue de glace enserra ${v} ; ${c} gagna ${Number(e.attacks)} attaque(s) sans riposte.`, en: `A shell of ice gripped ${v}; ${c} won ${Number(e.attacks)} unanswered attack(s).` },
    'crash': { fr: `Les ailes prises dans la glace, ${v} s’écrasa au sol (${d} points) ; ${c} gagna ${Number(e.attacks)} attaque(s).`, en: `Wings caught in ice, ${v} crashed to the ground (${d} points); ${c} won ${Number(e.attacks)} attack(s).` },
    'frozen-flee': { fr: `${V} fut pris tout entier dans la glace ; ${c} rafla les objets qui traînaient et s’enfuit.`, en: `${V} was frozen solid; ${c} grabbed the loose items and fled.` },
    'frozen-wait': { fr: `${V} fut pris tout entier dans la glace ; ${c} rafla les objets qui traînaient et attendit le dégel pour frapper ${Number(e.attacks)} fois.`, en: `${V} was frozen solid; ${c} grabbed the loose items and waited for the thaw to strike ${Number(e.attacks)} times.` },
    'no-body': { fr: `Mais la glace passa au travers ${deFr(v)}, qui n’est qu’à demi de ce monde.`, en: `But the ice passed through ${v}, who is only half of this world.` },
    'killed': { fr: `Les aiguilles s’enfoncèrent dans la figurine et ${v} tomba mort.`, en: `The needles sank into the figurine and ${v} fell dead.` },
    'immune-king': { fr: `Mais ${v} est de sang royal et n’en ressentit rien.`, en: `But ${v} is of royal blood and felt nothing.` },
    'immune-undead': { fr: `Mais on ne tue pas ce qui est déjà mort.`, en: `But one cannot kill what is already dead.` },
    'crushed': { fr: `${C} referma le poing : ${v} sentit son cœur broyé dans un étau.`, en: `${C} closed a fist: ${v} felt a heart crushed as in a vice.` },
    'no-heart': { fr: `Mais ${v} n’a pas de cœur à broyer.`, en: `But ${v} has no heart to crush.` },
    'destroyed': { fr: `Dominé un instant, ${v} ne put empêcher ${c} de lui planter un pieu dans le cœur.`, en: `Mastered for a moment, ${v} could not stop ${c} from driving a stake through its heart.` },
  };
  const out = x[String(e.outcome)];
  return out ? `${open} ${pick(env, out)}` : open;
}

export const MESSAGES: MessageTable = {
  'spell-cast': (e, env) => (e.ok ? `${casting(e, env)} ${castOutcome(e, env)}`.trim() : castFailed(e, env)),
  'spell-felt': (e, env) => felt(e, env),
  'plague-spread': (e, env) => {
    let s = pick(env, { fr: `Le fléau se propagea ${deFr(env.province(Number(e.from)))} ${aFr(env.province(Number(e.at)))}.`, en: `The plague spread from ${env.province(Number(e.from))} to ${env.province(Number(e.at))}.` });
    if (n(e.destroyed)) s += ' ' + pick(env, { fr: `${armies(env, e.destroyed)} y ont péri.`, en: `${armies(env, e.destroyed)} perished there.` });
    if (n(e.weakened)) s += ' ' + pick(env, { fr: `${armies(env, e.weakened)} en sont sorties affaiblies.`, en: `${armies(env, e.weakened)} came out of it weakened.` });
    return s;
  },
  'enc-spell': (e, env) => encSpell(e, env),
  'magic-experience': (e, env) => pick(env, { fr: `À force de pratique, ${who(e, env)} progressa en magie (${String(e.code)} ${Number(e.level)}).`, en: `Through practice, ${who(e, env)} improved in magic (${String(e.code)} ${Number(e.level)}).` }),
  'illusion-dissipated': (e, env) => pick(env, { fr: `L’illusion qui masquait ${env.province(Number(e.at))} s’est dissipée.`, en: `The illusion that cloaked ${env.province(Number(e.at))} has faded.` }),
  'site-revealed': (e, env) => pick(env, { fr: `Le voile qui cachait ${env.s.sites[Number(e.site)]?.name ?? 'un lieu'} (${env.province(Number(e.at))}) s’est dissipé.`, en: `The veil hiding ${env.s.sites[Number(e.site)]?.name ?? 'a site'} (${env.province(Number(e.at))}) has lifted.` }),
};
