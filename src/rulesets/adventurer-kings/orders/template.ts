/**
 * The blank order sheet of a kingdom (rules S4.1, the text form of orders/sheet.ts), carried by
 * its report mail so that a reply edited in any mail client is a sheet: one `PERSO n Name` block
 * per living character in service, with the five seasons and the special plan as comment lines
 * (`#`), and the kingdom's treaties and vote as comments too. Valid as it stands: sent unchanged,
 * it gives no order. Everything comes from the kingdom's own view (view.ts).
 */
import type { Lang, PlayerId } from '../../../engine/ruleset.ts';
import type { AKState } from '../state.ts';
import { playerView } from '../view.ts';

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);
/** The colon after a heading word: « Trésor : », "Treasury:". */
const colon = (lang: Lang): string => L(lang, ' :', ':');

export function orderTemplate(s: AKState, player: PlayerId, lang: Lang): string {
  const v = playerView(s, player);
  const me = v.me;
  if (!me || me.kingdom.eliminated) return '';
  const out = [
    `# ${me.kingdom.name} — ${L(lang, `ordres de l’année ${v.turn}`, `orders for year ${v.turn}`)}`,
    `# ${L(lang, 'Une ligne par ordre ; ce qui suit un # est un commentaire.', 'One line per order; whatever follows a # is a comment.')}`,
    `# ${L(lang, 'Trésor', 'Treasury')}${colon(lang)} ${me.kingdom.treasury} ${L(lang, 'écus', 'écus')}`,
    `# ${L(lang, 'TRAITES <rois> · RUPTURES <rois> · VOTE', 'TREATIES <kings> · BREAKS <kings> · VOTE')}`,
  ];
  for (const c of me.characters.filter((x) => x.alive).sort((a, b) => a.id - b.id)) {
    out.push('', `${L(lang, 'PERSO', 'CHAR')} ${c.id} ${c.name}`);
    for (let phase = 1; phase <= 5; phase++) out.push(`# ${phase} <${L(lang, 'ordre', 'order')}>`);
    out.push(`# SPECIAL <${L(lang, 'plan de rencontre', 'encounter plan')}>`);
  }
  out.push('');
  return out.join('\n');
}
