/**
 * The guided order form (engine AnswerForm): the kingdom's entries (treaties, breaks, vote), then
 * for each of the kingdom's living characters and each phase the action orders, with choice
 * fields listing what the kingdom knows (provinces known, sites known in his province, his
 * companions, characteristics). Each entry writes one line `<char>.<phase> <CODE> <values>`
 * (sheet.ts reads it; a plan is the final quoted text).
 *
 * Issue 13 §4: the form is a picker (one character, one season, one order at a time: 3 characters
 * × 6 groups × 14 orders no longer make a page 13,000 px tall), and the army, gift and spell orders
 * have structured fields with their legal choices — RE the army types and the commander after
 * « pour », DI and LE the armies he leads here (or « tout ») and LE's receiver after « à », GI an
 * item he carries or an amount of écus and the receiver, CA one entry per action spell he has the
 * talent for, with the target that spell takes — instead of a free text that was quoted whole.
 */
import type { AnswerForm, FormEntry, FormField, Lang } from '../../../engine/ruleset.ts';
import type { AKState, Character, Terrain } from '../state.ts';
import { ARMY_TYPES, CHAR_CODES } from '../state.ts';
import { talent } from '../characters.ts';
import { SPELL_CODES, SPELLS, isActionSpell, parseSpellCode, spellCollege } from '../magic/spells.ts';
import { ARMY_TYPE_NAMES, TERRAIN_NAMES } from '../report/names.ts';
import { ledBy } from '../armies/relations.ts';
import { neighbours } from '../world/geometry.ts';
import { resolveConfig } from '../config.ts';
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
  // The plan follows a « / » and is written as typed (sheet.ts: `2 SE 82 / CA-HA, FI, ME`).
  const plan: FormField = { ...txt('plan', L(lang, 'Plan de rencontre (ex. CA-FI, ME, FL)', 'Encounter plan (e.g. CA-FI, ME, FL)')), prefix: '/', verbatim: true };
  const hiring = resolveConfig(s.config).kingdom.hiring;

  const groups: AnswerForm['groups'] = [];
  const kingdomSection = L(lang, 'Royaume', 'Kingdom');
  const kingOpts = others.map((o) => ({ value: String(o.id), label: `${o.id} ${o.name}` }));
  groups.push({
    title: L(lang, 'Royaume', 'Kingdom'), section: kingdomSection,
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
    // The armies he leads here, for DI and LE; « tout » first.
    const led: Opt[] = [{ value: 'tout', label: L(lang, 'toutes ses armées', 'all his armies') },
      ...ledBy(s, c).filter((a) => a.province === c.province).map((a) => ({ value: String(a.id), label: `${a.id} ${ARMY_TYPE_NAMES[a.type][lang]} (${a.type})` }))];
    const garrisonOrCompanion: Opt[] = [{ value: 'GC', label: L(lang, 'la garnison (GC)', 'the garrison (GC)') }, ...companions];
    const types: Opt[] = ARMY_TYPES.map((t) => ({ value: t, label: `${t} — ${ARMY_TYPE_NAMES[t][lang]}` }));
    const TO = L(lang, 'à', 'to');
    const FOR = L(lang, 'pour', 'for');
    // CA: the action spells of the colleges he has a talent in, each with the target it takes.
    const spells = SPELL_CODES.map((x) => SPELLS[x]).filter((sp) => sp.kind !== 'combat' && talent(s, c, spellCollege(sp.code, c.alignment)) > 0);
    const near: Opt[] = [c.province, ...neighbours(c.province)].filter((id) => s.provinces[id]).map((id) => ({ value: String(id), label: provName(id) }));
    const terrains: Opt[] = (Object.keys(TERRAIN_NAMES) as Terrain[]).map((t) => ({ value: t.toLowerCase(), label: TERRAIN_NAMES[t][lang] }));
    const spellTarget = (code: (typeof SPELL_CODES)[number]): FormField[] => {
      const sp = SPELLS[code];
      switch (sp.target) {
        case 'province': return [ch('province', L(lang, 'Province', 'Province'), sp.range === 'adjacent' ? near : provOpts)];
        case 'province+terrain': return [ch('province', L(lang, 'Province', 'Province'), sp.range === 'adjacent' ? near : provOpts), ch('terrain', L(lang, 'Terrain', 'Terrain'), terrains)];
        case 'character': return [ch('character', L(lang, 'Personnage', 'Character'), sp.range === 'here' ? selfAndCompanions : [{ value: String(c.id), label: `${c.id} ${c.name}` }, ...seen])];
        case 'site': return [ch('site', L(lang, 'Lieu', 'Site'), sites)];
        default: return [];
      }
    };
    const fields = (code: ActionCode): FormField[] | null => {
      switch (code) {
        case 'MO': case 'SP': case 'DE': return provOpts.length ? [ch('province', L(lang, 'Province', 'Province'), provOpts)] : null;
        case 'EX': return [ch('province', L(lang, 'Province', 'Province'), provOpts, true)];
        case 'SE': return sites.length ? [ch('site', L(lang, 'Lieu', 'Site'), sites), plan] : null;
        case 'PR': return [ch('talent', L(lang, 'Caractéristique', 'Characteristic'), CHAR_CODES.map((x) => ({ value: x, label: x })))];
        case 'PU': case 'TR': case 'EN': return seen.length || (code === 'PU' && c.role !== 'King') ? [ch('character', L(lang, 'Personnage', 'Character'), code === 'PU' && c.role !== 'King' ? [{ value: String(c.id), label: L(lang, `${c.id} (patrouille)`, `${c.id} (patrol)`) }, ...seen] : seen), ...(orderSpec(code)!.plan ? [plan] : [])] : null;
        case 'PI': return armies.length ? [ch('army', L(lang, 'Armée', 'Army'), armies)] : null;
        case 'US': {
          // Only the items holding an action spell: the others are used in combat, by US-n in a plan (orders/us.ts).
          const usable = c.items.filter((id) => { const sp = s.items[id]?.spell ? parseSpellCode(s.items[id]!.spell!) : null; return !!sp && isActionSpell(sp); })
            .map((id) => ({ value: String(id), label: `${id} ${s.items[id]?.name ?? ''}`.trim() }));
          return usable.length ? [ch('item', L(lang, 'Objet', 'Item'), usable), txt('args', L(lang, 'Suite', 'More'), true)] : null;
        }
        case 'HI': return seen.length ? [ch('character', L(lang, 'Héros', 'Hero'), seen), { name: 'offer', label: L(lang, 'Offre (écus)', 'Offer (écus)'), kind: 'integer', min: hiring.minOffer, max: hiring.maxOffer, prefix: FOR }] : null;
        case 'FI': return companions.length || c.role === 'King' ? [ch('character', L(lang, 'Héros', 'Hero'), selfAndCompanions)] : null;
        case 'RE': return [ch('types', L(lang, 'Type d’armée', 'Army type'), types), { ...ch('commander', L(lang, 'Pour', 'For'), [...garrisonOrCompanion.slice(0, 1), { value: String(c.id), label: `${c.id} ${c.name}` }, ...companions]), prefix: FOR }];
        case 'DI': return led.length > 1 ? [ch('armies', L(lang, 'Armées', 'Armies'), led)] : null;
        case 'LE': return led.length > 1 ? [ch('armies', L(lang, 'Armées', 'Armies'), led), { ...ch('to', L(lang, 'À', 'To'), garrisonOrCompanion), prefix: TO }] : null;
        case 'GI': return items.length && companions.length ? [ch('n', L(lang, 'Objet', 'Item'), items), { ...ch('to', L(lang, 'À', 'To'), companions), prefix: TO }] : null;
        case 'CA': return null; // one entry per spell, below
        default: return [{ ...txt('args', L(lang, 'Arguments', 'Arguments'), true), verbatim: true }];
      }
    };
    for (let phase = Math.max(1, c.orderableFrom); phase <= 5; phase++) {
      const entries: FormEntry[] = [];
      for (const code of ACTION_CODES) {
        const spec = orderSpec(code)!;
        const f = fields(code);
        if (!f) continue;
        entries.push({ code: `${c.id}.${phase} ${code}`, label: spec.label[lang], syntax: spec.syntax, fields: f });
        if (code === 'GI' && companions.length) {
          entries.push({ code: `${c.id}.${phase} GI`, label: L(lang, 'Donner des écus', 'Give écus'), syntax: spec.syntax, fields: [
            { name: 'n', label: L(lang, 'Écus', 'Écus'), kind: 'integer', min: 1 }, { ...ch('to', L(lang, 'À', 'To'), companions), prefix: TO }] });
        }
      }
      for (const sp of spells) {
        if (spellTarget(sp.code).some((f) => f.kind === 'choice' && !f.options.length)) continue; // nothing to aim at
        entries.push({ code: `${c.id}.${phase} CA ${sp.code}`, label: `${orderSpec('CA')!.label[lang]} : ${sp.name[lang]}`, syntax: orderSpec('CA')!.syntax, fields: spellTarget(sp.code) });
      }
      groups.push({ title: `${L(lang, 'phase', 'phase')} ${phase}, ${SEASONS[lang][phase - 1]}`, section: `${c.name} (${c.id})`, entries });
    }
    groups.push({
      title: L(lang, 'plan spécial', 'special plan'), section: `${c.name} (${c.id})`,
      entries: [{ code: `${c.id}.SPECIAL`, label: L(lang, 'Plan spécial (défense, duels)', 'Special plan (defence, duels)'), syntax: 'SPECIAL FL, CA-FI, ME', fields: [{ ...txt('plan', L(lang, 'Tactiques', 'Tactics')), verbatim: true }] }],
    });
  }
  return { layout: 'picker', groups };
}

export type { Character };
