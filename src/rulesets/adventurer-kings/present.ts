/**
 * A kingdom's view (view.ts) laid out for reading (engine ViewDoc), in French or English: the
 * kingdom, its characters (talents and aptitudes), armies, Imperial Offices standing, relations
 * with every King, the provinces and sites it knows, the foreign characters it has seen. The
 * public view shows the list of Kings only.
 */
import type { Lang, PlayerId, ViewDoc, ViewSection } from '../../engine/ruleset.ts';
import type { AKState } from './state.ts';
import { CHAR_CODES } from './state.ts';
import { playerView } from './view.ts';
import { inventionName } from './world/inventions.ts';
import { describeMonster } from './world/monsters.ts';
import { legendText } from './world/items.ts';
import { siteTitle } from './world/names.ts';
import { provinceLabel } from './report/env.ts';
import {
  ALIGNMENT_NAMES, ARMY_TYPE_NAMES, BAND_NAMES, L, OFFICE_NAMES, QUALITY_NAMES, RACE_NAMES, RACE_SINGULAR, RELATION_NAMES, ROLE_NAMES,
  TEMPERAMENT_NAMES, TERRAIN_NAMES, ecus, nameOf,
} from './report/names.ts';

export function presentView(s: AKState, player: PlayerId | null, lang: Lang): ViewDoc {
  const v = playerView(s, player);
  const sections: ViewSection[] = [];
  const me = v.me;
  const k = me?.kingdom.id ?? null;
  const prov = (id: number) => provinceLabel(s, k, id);
  const ownerName = (kid: number | null | undefined, ruler?: number) => {
    if (kid === undefined) return '?';
    if (kid === null) return ruler !== undefined ? L(lang, 'Héros souverain', 'Ruling Hero') : L(lang, 'personne', 'nobody');
    return v.kings.find((x) => x.kingdom === kid)?.name ?? String(kid);
  };
  if (me) {
    const kd = me.kingdom;
    sections.push({
      title: L(lang, 'Votre royaume', 'Your kingdom'), kind: 'kv', rows: [
        [L(lang, 'Royaume', 'Kingdom'), `${kd.name} (${L(lang, 'Roi', 'King')} ${kd.id})`],
        [L(lang, 'Tour', 'Turn'), String(v.turn)],
        [L(lang, 'Roi', 'King'), s.characters[kd.king]?.name ?? '—'],
        [L(lang, 'Alignement', 'Alignment'), nameOf(ALIGNMENT_NAMES, kd.alignment, lang)],
        [L(lang, 'Trésor', 'Treasury'), ecus(kd.treasury, lang)],
        [L(lang, 'Capitale', 'Capital'), prov(kd.capital)],
        [L(lang, 'Provinces', 'Provinces'), String(Object.values(v.provinces).filter((p) => p.own).length)],
        [L(lang, 'Découvertes', 'Discoveries'), kd.inventions.map((x) => inventionName(x, lang)).join(', ') || '—'],
      ],
    });
    const alive = me.characters.filter((c) => c.alive);
    sections.push({
      title: L(lang, 'Vos personnages', 'Your characters'), kind: 'table',
      columns: [L(lang, 'N°', 'No.'), L(lang, 'Nom', 'Name'), L(lang, 'Rang', 'Rank'), 'Race', L(lang, 'Alignement', 'Alignment'), L(lang, 'Tempérament', 'Temperament'), L(lang, 'Lieu', 'Location'), L(lang, 'Objets', 'Items'), L(lang, 'Solde', 'Wage')],
      rows: alive.map((c) => [
        String(c.id), c.name, nameOf(ROLE_NAMES, c.role, lang), nameOf(RACE_SINGULAR, c.race, lang), nameOf(ALIGNMENT_NAMES, c.alignment, lang),
        nameOf(TEMPERAMENT_NAMES, c.temperament, lang), prov(c.province),
        c.items.map((id) => me.items.find((i) => i.id === id)?.name ?? String(id)).join(', ') || '—', c.wage !== undefined ? ecus(c.wage, lang) : '—',
      ]),
    });
    sections.push({
      title: L(lang, 'Talents et aptitudes', 'Talents and aptitudes'), kind: 'table',
      columns: [L(lang, 'Nom', 'Name'), ...CHAR_CODES],
      rows: alive.map((c) => [c.name, ...CHAR_CODES.map((code) => `${c.talent[code]}/${c.aptitude[code]}`)]),
    });
    sections.push({
      title: L(lang, 'Vos armées', 'Your armies'), kind: 'table',
      columns: [L(lang, 'N°', 'No.'), 'Type', 'Race', L(lang, 'Qualité', 'Quality'), L(lang, 'Chef', 'Leader'), L(lang, 'Lieu', 'Location'), L(lang, 'PM utilisés', 'MP used')],
      rows: me.armies.map((a) => [
        String(a.id), ARMY_TYPE_NAMES[a.type]?.[lang] ?? a.type, nameOf(RACE_NAMES, a.race, lang), nameOf(QUALITY_NAMES, String(a.quality), lang),
        a.status === 'Led' && a.leader !== undefined ? me.characters.find((c) => c.id === a.leader)?.name ?? String(a.leader) : L(lang, 'garnison', 'garrison'),
        prov(a.province), String(a.mpUsed),
      ]),
    });
    sections.push({
      title: L(lang, 'Charges impériales (en % du meneur)', 'Imperial Offices (% of the leader)'), kind: 'bars',
      bars: me.offices.map((o) => ({ label: OFFICE_NAMES[o.office][lang], share: (o.pct ?? 0) / 100, text: o.pct === null ? '—' : `${o.pct} %` })),
    });
  }
  sections.push({
    title: L(lang, 'Les Rois', 'The Kings'), kind: 'table',
    columns: [L(lang, 'N°', 'No.'), L(lang, 'Royaume', 'Kingdom'), L(lang, 'Roi', 'King'), L(lang, 'Alignement', 'Alignment'), L(lang, 'Relation', 'Relation')],
    rows: v.kings.map((x) => [
      String(x.kingdom), `${x.name}${x.eliminated ? L(lang, ' (disparu)', ' (fallen)') : ''}`, x.king,
      x.alignment ? nameOf(ALIGNMENT_NAMES, x.alignment, lang) : '?',
      x.kingdom === k ? L(lang, 'vous', 'you') : x.relation ? RELATION_NAMES[x.relation][lang] : '—',
    ]),
  });
  if (me) {
    const known = Object.values(v.provinces).filter((p) => p.own || p.pct > 0).sort((a, b) => Number(b.own) - Number(a.own) || a.id - b.id);
    sections.push({
      title: L(lang, 'Provinces connues', 'Known provinces'), kind: 'table', collapsed: known.length > 30,
      columns: [L(lang, 'Province', 'Province'), L(lang, 'Exploration', 'Explored'), L(lang, 'Terrain', 'Terrain'), 'Race', L(lang, 'Propriétaire', 'Owner'), L(lang, 'Revenu', 'Income'), L(lang, 'Lieux', 'Sites')],
      rows: known.map((p) => [
        prov(p.id), `${p.pct} %`, p.terrain ? TERRAIN_NAMES[p.terrain][lang] : '?', p.race ? RACE_NAMES[p.race][lang] : p.race === null ? '—' : '?',
        p.own ? L(lang, 'vous', 'you') : p.owner ? `${ownerName(p.owner.kingdom, p.owner.ruler)} (${L(lang, 'tour', 'turn')} ${p.owner.asOf.turn})` : '?',
        p.tax !== undefined ? String(p.tax) : p.band ? BAND_NAMES[p.band][lang] : '?',
        p.sites.join(', ') || '—',
      ]),
    });
    const sites = Object.values(v.sites).sort((a, b) => a.id - b.id);
    if (sites.length) {
      sections.push({
        title: L(lang, 'Lieux connus', 'Known sites'), kind: 'table',
        columns: [L(lang, 'N°', 'No.'), L(lang, 'Lieu', 'Site'), L(lang, 'Province', 'Province'), L(lang, 'Gardien', 'Guardian'), L(lang, 'Légende', 'Legend')],
        rows: sites.map((x) => [String(x.id), siteTitle(x.type, x.name, lang), x.province !== undefined ? prov(x.province) : '?', x.monster ? describeMonster(x.monster, x.descriptor, lang) : '—', legendText(x.legend, lang)]),
      });
    }
    if (v.characters.length) {
      sections.push({
        title: L(lang, 'Personnages étrangers aperçus', 'Foreign characters seen'), kind: 'table',
        columns: [L(lang, 'N°', 'No.'), L(lang, 'Nom', 'Name'), L(lang, 'Royaume', 'Kingdom'), L(lang, 'Dernier lieu', 'Last seen in'), L(lang, 'Mène des armées', 'Leads armies'), L(lang, 'Quand', 'When')],
        rows: v.characters.map((c) => [
          String(c.id), c.name, c.kingdom === null ? L(lang, 'sans maître', 'unemployed') : ownerName(c.kingdom),
          c.province !== undefined ? prov(c.province) : '?', c.leadsArmies === undefined ? '?' : c.leadsArmies ? L(lang, 'oui', 'yes') : L(lang, 'non', 'no'),
          `${L(lang, 'tour', 'turn')} ${c.asOf.turn}, ${L(lang, 'phase', 'phase')} ${c.asOf.phase}`,
        ]),
      });
    }
  }
  return { sections };
}
