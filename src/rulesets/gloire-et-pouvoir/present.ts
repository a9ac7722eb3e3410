/**
 * A lord's view (view.ts) laid out for reading, in French or English: his lordship, knights,
 * territories and spy reports, then what is public — the renown ranking, relations, the map's
 * owners. Pages show this instead of raw data.
 */
import type { Lang, ViewDoc, ViewSection } from '../../engine/ruleset.ts';
import { getMap } from './maps/index.ts';
import { FORT_NAMES, formatDec, formatInt, TITLE_NAMES } from './report.ts';
import type { LordId } from './state.ts';
import type { GPState } from './state.ts';
import { playerView } from './view.ts';

const L = (lang: Lang, fr: string, en: string) => (lang === 'fr' ? fr : en);

export function presentView(s: GPState, player: LordId | null, lang: Lang): ViewDoc {
  const v = playerView(s, player);
  const map = getMap(s.map);
  const tname = (id: string) => map.territories.find((t) => t.id === id)?.name ?? id;
  const lname = (id: string | null) => (id ? s.lords[id]?.name ?? id : L(lang, 'neutre', 'neutral'));
  const title = (t: keyof typeof TITLE_NAMES | null) => (t ? TITLE_NAMES[t][lang] : '—');
  const int = (x: number) => formatInt(x, lang);
  const dec = (x: number, d = 2) => formatDec(x, d, lang);
  const rel = (r: string | null) => (r === 'war' ? L(lang, 'guerre', 'war') : r === 'alliance' ? L(lang, 'alliance', 'alliance') : r === 'peace' ? L(lang, 'paix', 'peace') : '—');
  const sections: ViewSection[] = [];
  const me = v.me;
  if (me) {
    const mine = v.lords.find((l) => l.id === me.id);
    sections.push({
      title: L(lang, 'Votre seigneurie', 'Your lordship'), kind: 'kv', rows: [
        [L(lang, 'Seigneur', 'Lord'), me.name],
        [L(lang, 'Tour', 'Turn'), String(v.turn)],
        [L(lang, 'Trésor', 'Treasury'), `${int(me.treasury)} écus`],
        [L(lang, 'Titre', 'Title'), title(me.title)],
        [L(lang, 'Renommée globale', 'Global renown'), mine?.renown != null ? dec(mine.renown, 1) : '—'],
        [L(lang, 'Seuils de repli (paysans / garnison / chevalier)', 'Retreat thresholds (peasants / garrison / knight)'), `${me.retreat.peasant} % / ${me.retreat.garrison} % / ${me.retreat.knight} %`],
      ],
    });
    const myKnights = v.knights.filter((k) => k.lord === me.id);
    sections.push({
      title: L(lang, 'Vos chevaliers', 'Your knights'), kind: 'table',
      columns: [L(lang, 'Chevalier', 'Knight'), L(lang, 'Renommée', 'Renown'), L(lang, 'Lieu', 'Location'), L(lang, 'Armée', 'Army'), L(lang, 'Hommes', 'Men'), L(lang, 'Solde', 'Pay')],
      rows: myKnights.map((k) => [
        k.isLordKnight ? `${k.name} (${L(lang, 'chevalier-seigneur', 'lord-knight')})` : k.name, dec(k.renown ?? 0), tname(k.location),
        k.army !== null ? `#${k.army}` : '—', int(k.men ?? 0), k.isLordKnight ? '—' : int(k.hireRenown ?? 0),
      ]),
    });
    const myTerr = Object.values(v.territories).filter((t) => t.owner === me.id);
    sections.push({
      title: L(lang, 'Vos terres', 'Your territories'), kind: 'table',
      columns: [L(lang, 'Terre', 'Territory'), 'Population', L(lang, 'Bonheur', 'Happiness'), L(lang, 'Coefficient', 'Tax coefficient'), L(lang, 'Fortification', 'Fortification'), L(lang, 'Garnison', 'Garrison')],
      rows: myTerr.map((t) => [tname(t.id), int(t.population), dec(t.happiness), dec(t.taxCoef ?? 0), t.fortification ? FORT_NAMES[t.fortification][lang] : '—', int(t.garrison ?? 0)]),
    });
    const armies = me.armies.filter((a) => a.commander === null);
    if (armies.length) {
      sections.push({
        title: L(lang, 'Vos garnisons', 'Your garrisons'), kind: 'table',
        columns: [L(lang, 'Armée', 'Army'), L(lang, 'Terre', 'Territory'), L(lang, 'Hommes', 'Men')],
        rows: armies.map((a) => [`#${a.id}`, tname(a.location), int(a.strength)]),
      });
    }
    const intel = Object.entries(me.intel);
    if (intel.length) {
      sections.push({
        title: L(lang, 'Rapports de vos espions', 'Your spies\' reports'), kind: 'table',
        columns: [L(lang, 'Terre', 'Territory'), L(lang, 'Tour', 'Turn'), L(lang, 'Seigneur', 'Lord'), 'Population', L(lang, 'Bonheur', 'Happiness'), L(lang, 'Coefficient', 'Tax coefficient'), L(lang, 'Fortification', 'Fortification'), L(lang, 'Forces', 'Forces')],
        rows: intel.map(([tid, i]) => [
          tname(tid), String(i.turn), lname(i.owner), int(i.population), dec(i.happiness), dec(i.taxCoef), FORT_NAMES[i.fortification][lang],
          [i.garrison ? `${L(lang, 'garnison', 'garrison')} ${int(i.garrison)}` : '', ...i.knights.map((k) => `${k.name} (${dec(k.renown, 1)}) ${int(k.men)}`),
            i.peasantEstimate !== null ? `${L(lang, 'paysans ≈', 'peasants ≈')} ${int(i.peasantEstimate)}` : ''].filter(Boolean).join(', ') || '—',
        ]),
      });
    }
    const seen = v.knights.filter((k) => k.lord !== me.id);
    if (seen.length) {
      sections.push({
        title: L(lang, 'Chevaliers étrangers en vue', 'Foreign knights in sight'), kind: 'table',
        columns: [L(lang, 'Chevalier', 'Knight'), L(lang, 'Seigneur', 'Lord'), L(lang, 'Lieu', 'Location'), L(lang, 'Hommes', 'Men')],
        rows: seen.map((k) => [k.name, lname(k.lord), tname(k.location), k.men !== null ? int(k.men) : '?']),
      });
    }
  }
  const ranking = v.lords.filter((l) => l.alive).sort((a, b) => (b.renown ?? 0) - (a.renown ?? 0));
  sections.push({
    title: L(lang, 'Classement de la renommée', 'Renown ranking'), kind: 'table',
    columns: ['#', L(lang, 'Seigneur', 'Lord'), L(lang, 'Titre', 'Title'), L(lang, 'Renommée', 'Renown'), L(lang, 'Terres', 'Territories'), ...(me ? [L(lang, 'Relation avec vous', 'Relation with you')] : [])],
    rows: ranking.map((l, i) => [String(i + 1), l.name, title(l.title), dec(l.renown ?? 0, 1), String(l.territories), ...(me ? [l.id === me.id ? '—' : rel(l.relation)] : [])]),
    highlight: me ? ranking.findIndex((l) => l.id === me.id) : undefined,
  });
  const out = v.lords.filter((l) => !l.alive);
  if (out.length) {
    sections.push({ title: L(lang, 'Hors jeu', 'Out of the game'), kind: 'table', columns: [L(lang, 'Seigneur', 'Lord')], rows: out.map((l) => [l.name]) });
  }
  sections.push({
    title: L(lang, 'Guerres et alliances', 'Wars and alliances'), kind: 'table',
    columns: [L(lang, 'Seigneur', 'Lord'), L(lang, 'Seigneur', 'Lord'), L(lang, 'Relation', 'Relation')],
    rows: v.relations.map((r) => [lname(r.a), lname(r.b), rel(r.relation)]),
  });
  sections.push({
    title: L(lang, 'Les terres du royaume', 'The kingdom\'s territories'), kind: 'table', collapsed: true,
    columns: [L(lang, 'Terre', 'Territory'), L(lang, 'Seigneur', 'Lord'), 'Population', L(lang, 'Bonheur', 'Happiness')],
    rows: map.territories.map((t) => { const tv = v.territories[t.id]!; return [t.name, lname(tv.owner), int(tv.population), dec(tv.happiness)]; }),
  });
  if (v.finished) {
    sections.unshift({ title: L(lang, 'Fin de la partie', 'Game over'), kind: 'kv', rows: [[L(lang, 'Roi', 'King'), v.king ? lname(v.king) : L(lang, 'aucun', 'none')]] });
  }
  return { sections };
}
