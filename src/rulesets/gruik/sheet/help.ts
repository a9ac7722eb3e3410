/**
 * The help text of Gruik's order sheet in French and English (rules §2.12; docs/gruik.md "Order
 * sheets" says the same): one syntax line per order, with the keywords of the language; both
 * languages' keywords are always accepted.
 */
import type { Lang } from '../../../engine/ruleset.ts';
import { inner as w, orderWord, type OrderWord } from './words.ts';

const INTRO = {
  en: 'One order a line; # starts a comment. Keywords in English or French, any case, accents optional. Names: provinces, sea zones and states by id or name (quote a name with spaces); your forces and fleets by their short id (A1, D2, F1). Texts between double quotes (\\" for a quote).',
  fr: 'Un ordre par ligne ; # commence un commentaire. Mots-clés en français ou en anglais, majuscules et accents libres. Noms : provinces, zones maritimes et états par identifiant ou par nom (entre guillemets s’il contient des espaces) ; vos forces et flottes par leur identifiant court (A1, D2, F1). Textes entre guillemets droits (\\" pour un guillemet).',
};

/** The syntax of each order, with placeholders in the language. */
function lines(lang: Lang): [OrderWord, string][] {
  const fr = lang === 'fr';
  const P = fr ? '<province>' : '<province>', S = fr ? '<état>' : '<state>', A = fr ? '<armée>' : '<army>', F = fr ? '<force>' : '<force>', D = fr ? '<détachement>' : '<detachment>', FL = fr ? '<flotte>' : '<fleet>', Z = fr ? '<zone>' : '<zone>', N = '<n>';
  return [
    ['move', `${P} … [${w('joinArmy', lang)} ${A}] [${w('leaveAfter', lang)} ${N}]`.replace(/^/, `${F} `)],
    ['detach', `${A} <AP> [${w('as', lang)} D<n>]`],
    ['resize', `${D} <AP>`], ['recall', D],
    ['ally', `${A} ${fr ? '<armée hôte>' : '<host army>'} <AP> [${w('forced', lang)}]`],
    ['join', `${F} ${A}`], ['demand', `${fr ? '<tributaire>' : '<tributary>'} ${A}`], ['split', `${FL} ${N}`], ['merge', `${FL} ${FL}`], ['transfer', `${FL} ${FL} ${N}`],
    ['combine', `${FL} ${fr ? '<état>:F<n>' : '<state>:F<n>'} ${w('commander', lang)} ${S}`],
    ['fleet', `${FL} [${w('sail', lang)} ${Z}] [${w('embark', lang)} ${F} …] [${w('land', lang)} ${P} [${F} …]] [${w('raid', lang)} ${P}] … [${w('end', lang)} ${w('coast', lang)} ${P} | ${w('port', lang)} [${P}] | ${w('blockade', lang)} ${P}]`],
    ['policy', `${FL} [${w('intercept', lang)} ${w('always', lang)}|${w('never', lang)}|<ratio>] [${w('ifIntercepted', lang)} ${w('battle', lang)}|${w('retreatTo', lang)}|${w('continue', lang)}|${w('stay', lang)}|${w('port', lang)}|${w('battleIf', lang)} <ratio> ${w('else', lang)} …] [${w('pursue', lang)} ${w('yes', lang)}|${w('no', lang)}] [${w('straits', lang)} ${w('block', lang)}|${w('allow', lang)}] [${w('ask', lang)} ${w('yes', lang)}|${w('no', lang)}]`],
    ['gift', `${N} ${w('to', lang)} ${S} ["note"]`], ['ships', `${N} [${w('at', lang)} ${P}]`], ['effort', `${A} ${N}`], ['prestige', P], ['pillage', P],
    ['friend', S], ['unfriend', S], ['cede', `${P} ${w('to', lang)} ${S} [${w('ownership', lang)}]`], ['accept-ownership', ''], ['vassal', S], ['accept-vassal', S], ['free', S], ['rate', `${S} <0.3>`], ['yoke', ''], ['master', S],
    ['appoint', A], ['release', fr ? '<personnage>' : '<character>'], ['create-army', ''],
    ['raid', `${F}|${FL} … ${S}`], ['attack', S], ['besiege', P], ['no-siege', A], ['surrender', P], ['abandon', P],
    ['sortie', P], ['relief', `${P} ${w('retreatTo', lang)}|${w('pin', lang)}|${w('all', lang)}|${w('auto', lang)}`], ['consent', `${P} ${w('yes', lang)}|${w('no', lang)}`], ['contingent', `${P} <AP>`], ['withdraw', P],
    ['posture', `${A} ${w('engage', lang)}|${w('avoid', lang)}`],
    ['retreat', `${F} ${w('byLand', lang)} ${P}, ${w('bySea', lang)} ${FL}, ${w('fortress', lang)}`],
    ['react', `${F} [${w('toward', lang)} ${P}] [${w('when', lang)} ${P} …]`], ['sovereign', A], ['disband', A],
    ['declare', '"…"'], ['rumour', '"…"'], ['treaty', `"…" ${w('with', lang)} ${S} …`], ['confirm', fr ? '<traité>' : '<treaty>'],
  ];
}

/** The help text of the order sheet in one language. */
export function sheetHelp(lang: Lang): string {
  return [INTRO[lang], '', ...lines(lang).map(([o, rest]) => `${orderWord(o, lang)}${rest ? ` ${rest}` : ''}`)].join('\n') + '\n';
}
