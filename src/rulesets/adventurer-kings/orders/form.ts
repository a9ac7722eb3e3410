/**
 * The guided order form (engine AnswerForm): the kingdom's entries (treaties, breaks, vote), then
 * for each of the kingdom's living characters and each phase the action orders, with choice
 * fields listing what the kingdom knows (provinces known, sites known in his province, his
 * companions, characteristics). Each entry writes one line `<char>.<phase> <CODE> <values>`
 * (sheet.ts reads it; a plan is the final quoted text).
 */
import type { AnswerForm, FormEntry, FormField, Lang } from '../../../engine/ruleset.ts';
import type { AKState, Character } from '../state.ts';
import { CHAR_CODES } from '../state.ts';
import type { ActionCode } from '../turn/context.ts';
import { ACTION_CODES, orderSpec } from './index.ts';

const L = (lang: Lang, fr: string, en: string) => (lang === 'fr' ? fr : en);
const SEASONS: Record<Lang, string[]> = {
  fr: ['printemps', 'début d’été', 'fin d’été', 'automne', 'début d’hiver'],
  en: ['spring', 'early summer', 'late summer', 'autumn', 'early winter'],
};

type Opt = { value: string; label: string };

export function orderForm(s: AKState, kingdom: number, lang: Lang): AnswerForm {
  const k = s.kingdoms[kingdom];
  if (!k) return { groups: [] };
  const know = s.knowledge[kingdom];
  const provName = (id: number) => {
    const p = s.provinces[id];
    const name = p?.owner === kingdom ? p.name : undefined;
    return name ? `${id} ${name}` : String(id);
  };
  const known = Object.keys(know?.provinces ?? {}).map(Number).filter((id) => (know!.provinces[id]!.pct ?? 0) > 0 || s.provinces[id]?.owner === kingdom);
  for (const p of Object.values(s.provinces)) if (p.owner === kingdom && !known.includes(p.id)) known.push(p.id);
  known.sort((a, b) => a - b);
  const provOpts: Opt[] = known.map((id) => ({ value: String(id), label: provName(id) }));
  const mine = Object.values(s.characters).filter((c) => c.kingdom === kingdom && c.alive).sort((a, b) => a.id - b.id);
  const others = Object.values(s.kingdoms).filter((o) => o.id !== kingdom && !o.eliminated).sort((a, b) => a.id - b.id);
  const ch = (name: string, label: string, options: Opt[], optional = false): FormField => ({ name, label, kind: 'choice', options, optional });
  const txt = (name: string, label: string, optional = false): FormField => ({ name, label, kind: 'text', optional });
  const plan = txt('plan', L(lang, 'Plan de rencontre (ex. CA-FI, ME, FL)', 'Encounter plan (e.g. CA-FI, ME, FL)'));

  const groups: AnswerForm['groups'] = [];
  const kingOpts = others.map((o) => ({ value: String(o.id), label: `${o.id} ${o.name}` }));
  groups.push({
    title: L(lang, 'Royaume', 'Kingdom'),
    entries: [
      { code: L(lang, 'TRAITES', 'TREATIES'), label: L(lang, 'Traité avec le Roi n°', 'Treaty with King number'), syntax: 'TRAITES n … | TOUS', fields: [ch('king', L(lang, 'Roi', 'King'), [...kingOpts, { value: L(lang, 'TOUS', 'ALL'), label: L(lang, 'Tous', 'All') }])] },
      { code: L(lang, 'RUPTURES', 'BREAKS'), label: L(lang, 'Rompre avec le Roi n°', 'Break with King number'), syntax: 'RUPTURES n … | TOUS', fields: [ch('king', L(lang, 'Roi', 'King'), [...kingOpts, { value: L(lang, 'TOUS', 'ALL'), label: L(lang, 'Tous', 'All') }])] },
      { code: 'VOTE', label: L(lang, 'Appeler un vote au tour suivant', 'Call a vote next turn'), syntax: 'VOTE', fields: [] },
    ],
  });

  for (const c of mine) {
    const companions: Opt[] = Object.values(s.characters).filter((o) => o.alive && o.province === c.province && o.id !== c.id)
      .sort((a, b) => a.id - b.id).map((o) => ({ value: String(o.id), label: `${o.id} ${o.name}` }));
    const selfAndCompanions: Opt[] = [{ value: String(c.id), label: `${c.id} ${c.name}` }, ...companions];
    const sites: Opt[] = (s.provinces[c.province]?.sites ?? []).filter((id) => know?.sites[id]).map((id) => ({ value: String(id), label: `${id} ${know!.sites[id]!.name}` }));
    const seen: Opt[] = Object.values(know?.characters ?? {}).filter((o) => o.id !== c.id).sort((a, b) => a.id - b.id).map((o) => ({ value: String(o.id), label: `${o.id} ${o.name}` }));
    const items: Opt[] = c.items.map((id) => ({ value: String(id), label: `${id} ${s.items[id]?.name ?? ''}`.trim() }));
    const armies: Opt[] = Object.values(s.armies).filter((a) => a.kingdom === kingdom && a.province === c.province)
      .sort((a, b) => a.id - b.id).map((a) => ({ value: String(a.id), label: `${a.id} ${a.type}${a.leader ? ` (${s.characters[a.leader]?.name ?? a.leader})` : ''}` }));
    const fields = (code: ActionCode): FormField[] | null => {
      switch (code) {
        case 'MO': case 'SP': case 'DE': return provOpts.length ? [ch('province', L(lang, 'Province', 'Province'), provOpts)] : null;
        case 'EX': return [ch('province', L(lang, 'Province', 'Province'), provOpts, true)];
        case 'SE': return sites.length ? [ch('site', L(lang, 'Lieu', 'Site'), sites), plan] : null;
        case 'PR': return [ch('talent', L(lang, 'Caractéristique', 'Characteristic'), CHAR_CODES.map((x) => ({ value: x, label: x })))];
        case 'PU': case 'TR': case 'EN': return seen.length || code === 'PU' ? [ch('character', L(lang, 'Personnage', 'Character'), code === 'PU' ? [{ value: String(c.id), label: L(lang, `${c.id} (patrouille)`, `${c.id} (patrol)`) }, ...seen] : seen), plan] : null;
        case 'PI': return armies.length ? [ch('army', L(lang, 'Armée', 'Army'), armies)] : null;
        case 'US': return items.length ? [ch('item', L(lang, 'Objet', 'Item'), items), txt('args', L(lang, 'Suite', 'More'), true)] : null;
        case 'HI': return seen.length ? [ch('character', L(lang, 'Héros', 'Hero'), seen)] : null;
        case 'FI': return companions.length || c.role === 'King' ? [ch('character', L(lang, 'Héros', 'Hero'), selfAndCompanions)] : null;
        default: return [txt('args', L(lang, 'Arguments', 'Arguments'), true)];
      }
    };
    for (let phase = Math.max(1, c.orderableFrom); phase <= 5; phase++) {
      const entries: FormEntry[] = [];
      for (const code of ACTION_CODES) {
        const spec = orderSpec(code)!;
        const f = fields(code);
        if (!f) continue;
        entries.push({ code: `${c.id}.${phase} ${code}`, label: spec.label[lang], syntax: spec.syntax, fields: f });
      }
      groups.push({ title: `${c.name} (${c.id}) — ${L(lang, 'phase', 'phase')} ${phase}, ${SEASONS[lang][phase - 1]}`, entries });
    }
    groups.push({
      title: `${c.name} (${c.id}) — ${L(lang, 'plan spécial', 'special plan')}`,
      entries: [{ code: `${c.id}.SPECIAL`, label: L(lang, 'Plan spécial (défense, duels)', 'Special plan (defence, duels)'), syntax: 'SPECIAL FL, CA-FI, ME', fields: [txt('plan', L(lang, 'Tactiques', 'Tactics'))] }],
    });
  }
  return { groups };
}

export type { Character };
